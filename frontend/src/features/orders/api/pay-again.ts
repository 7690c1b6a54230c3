import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import { orderQuery, type PlacedOrder } from "./get-order";

/** POST /api/orders/{n}/payment: a live checkout session for a pending order. A retry
 * with the same Idempotency-Key answers the first result. */
export async function payAgain(orderNumber: string, idempotencyKey: string): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>(`/orders/${orderNumber}/payment`, undefined, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return data;
}

export function usePayAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNumber, key }: { orderNumber: string; key: string }) => payAgain(orderNumber, key),
    onSuccess: (order) => queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order),
  });
}
