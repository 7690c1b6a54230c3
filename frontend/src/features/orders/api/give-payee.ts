import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { orderQuery, type PlacedOrder } from "./get-order";

export type RefundAccount = components["schemas"]["RefundAccount"];

/** POST /api/orders/{n}/returns/{r}/payee: another UPI ID or bank account for a return whose
 * payout failed; the order with the return's new payout. A retry with the same Idempotency-Key
 * answers the order again with one new payment, never two. */
export async function giveReturnPayee(
  orderNumber: string,
  returnNumber: string,
  refundTo: RefundAccount,
  idempotencyKey: string,
): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>(
    `/orders/${orderNumber}/returns/${returnNumber}/payee`,
    { refundTo },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
  return data;
}

export function useGiveReturnPayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asked: { orderNumber: string; returnNumber: string; refundTo: RefundAccount; key: string }) =>
      giveReturnPayee(asked.orderNumber, asked.returnNumber, asked.refundTo, asked.key),
    onSuccess: (order) => queryClient.setQueryData(orderQuery(order.orderNumber).queryKey, order),
  });
}
