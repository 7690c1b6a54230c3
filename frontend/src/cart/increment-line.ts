import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { cartChange, type Cart } from "./get-cart";

/** POST /api/store/cart/items/{id}/increment: one more of a product; answers the whole cart. */
export async function incrementLine(productId: number): Promise<Cart> {
  const { data } = await api.post<Cart>(`/store/cart/items/${productId}/increment`);
  return data;
}

export function useIncrementLine() {
  const queryClient = useQueryClient();
  return useMutation({ ...cartChange(queryClient), mutationFn: incrementLine });
}
