import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import { orderQuery, type PlacedOrder } from "./get-order";

/** POST /api/checkout/orders/{n}/payment: a live checkout session for a pending order. */
export async function payAgain(orderNumber: string): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>(`/checkout/orders/${orderNumber}/payment`);
  return data;
}

export function usePayAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payAgain,
    onSuccess: (order) => queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order),
  });
}
