import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { orderQuery, type PlacedOrder } from "./get-order";
import { ordersQuery } from "./list-orders";

/** POST /api/orders/{n}/cancel: the cancelled order, with its refund. A retry with the
 * same Idempotency-Key answers the cancelled order again, not "already cancelled". */
export type CancelReason = components["schemas"]["CancelRequest"]["reason"];

export async function cancelOrder(orderNumber: string, idempotencyKey: string, reason?: CancelReason): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>(`/orders/${orderNumber}/cancel`, reason ? { reason } : undefined, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return data;
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNumber, key, reason }: { orderNumber: string; key: string; reason?: CancelReason }) =>
      cancelOrder(orderNumber, key, reason),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
    },
  });
}
