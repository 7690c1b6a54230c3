import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import { cartChange, type Cart } from "./get-cart";

/** POST /api/store/cart/items/{id}/decrement: one less of a product; answers the whole cart. */
export async function decrementLine(productId: number): Promise<Cart> {
  const { data } = await api.post<Cart>(`/store/cart/items/${productId}/decrement`);
  return data;
}

export function useDecrementLine() {
  const queryClient = useQueryClient();
  return useMutation({ ...cartChange(queryClient), mutationFn: decrementLine });
}
