import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import type { PaymentCreated } from "./create-payment";
import { paymentHistoryQuery } from "./get-payment-history";
import { repaymentQuery } from "./get-repayment";

export type PaymentOutcome = components["schemas"]["PaymentOutcome"];

/** POST /api/portal/payments/{orderId}/confirm: the gateway asks the lender how the payment went. */
export async function confirmPayment(payment: PaymentCreated): Promise<PaymentOutcome> {
  const { data } = await api.post<PaymentOutcome>(`/portal/payments/${encodeURIComponent(payment.orderId)}/confirm`, {
    paymentLogId: payment.paymentLogId,
  });
  return data;
}

/** However the confirmation went, what is owed and the history are read again. */
export function useConfirmPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPayment,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: repaymentQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: paymentHistoryQuery.queryKey });
    },
  });
}
