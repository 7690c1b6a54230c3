import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { cartQuery } from "../../../cart/get-cart";

export type BuyAgainResult = components["schemas"]["BuyAgainResult"];

/** POST /api/orders/{n}/buy-again: the order's lines in stock go back in the cart. */
export async function buyAgain(orderNumber: string): Promise<BuyAgainResult> {
  const { data } = await api.post<BuyAgainResult>(`/orders/${orderNumber}/buy-again`);
  return data;
}

export function useBuyAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyAgain,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cartQuery.queryKey, exact: true }),
  });
}
