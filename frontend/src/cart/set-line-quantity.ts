import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import type { components } from "../api/schema";
import { cartChange, type Cart } from "./get-cart";

/** PUT /api/store/cart/items/{id}: a product's quantity (0 removes the line); answers the whole cart. */
export async function setLineQuantity(productId: number, quantity: number): Promise<Cart> {
  const body: components["schemas"]["SetQuantityRequest"] = { quantity };
  const { data } = await api.put<Cart>(`/store/cart/items/${productId}`, body);
  return data;
}

export function useSetLineQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    ...cartChange(queryClient),
    mutationFn: ({ productId, quantity }: { productId: number; quantity: number }) => setLineQuantity(productId, quantity),
  });
}
