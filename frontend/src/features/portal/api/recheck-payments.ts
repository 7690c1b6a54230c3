import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { paymentHistoryQuery } from "./get-payment-history";
import { repaymentQuery } from "./get-repayment";

export type RecheckResult = components["schemas"]["RecheckResult"];

/**
 * POST /api/portal/payments/recheck: the gateway asks the lender about payments the browser
 * never confirmed (a tab closed after paying); settled ones stop being pending.
 */
export async function recheckPayments(): Promise<RecheckResult> {
  const { data } = await api.post<RecheckResult>("/portal/payments/recheck");
  return data;
}

export function useRecheckPayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckPayments,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: repaymentQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: paymentHistoryQuery.queryKey });
    },
  });
}
