import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import { orderQuery, type PlacedOrder } from "./get-order";
import { ordersQuery } from "./list-orders";

/** POST /api/orders/{n}/cash: an unpaid online order becomes cash on delivery (within the
 * day's cash limit; 409 `cod_limit` otherwise). A retry with the same Idempotency-Key answers the
 * changed order again. */
export async function payOnDelivery(orderNumber: string, idempotencyKey: string): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>(`/orders/${orderNumber}/cash`, undefined, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return data;
}

export function usePayOnDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNumber, key }: { orderNumber: string; key: string }) => payOnDelivery(orderNumber, key),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
    },
  });
}
