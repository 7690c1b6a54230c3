import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { orderQuery, type PlacedOrder } from "./get-order";
import { ordersQuery } from "./list-orders";

export type ReturnRequestBody = components["schemas"]["ReturnRequestBody"];

/** POST /api/orders/{n}/returns: the order with its new return. A retry with the same
 * Idempotency-Key answers the order again with one return, never two. */
export async function askReturn(orderNumber: string, body: ReturnRequestBody, idempotencyKey: string): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>(`/orders/${orderNumber}/returns`, body, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return data;
}

export function useAskReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNumber, body, key }: { orderNumber: string; body: ReturnRequestBody; key: string }) =>
      askReturn(orderNumber, body, key),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
    },
  });
}
