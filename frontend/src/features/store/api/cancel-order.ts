import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import { orderQuery, type PlacedOrder } from "./get-order";
import { ordersQuery } from "./list-orders";

/** POST /api/checkout/orders/{n}/cancel: the cancelled order, with its refund. */
export async function cancelOrder(orderNumber: string): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>(`/checkout/orders/${orderNumber}/cancel`);
  return data;
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ordersQuery.queryKey });
    },
  });
}
