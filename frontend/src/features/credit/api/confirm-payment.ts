import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { linesQuery } from "./list-lines";

export type LinePaymentOutcome = components["schemas"]["LinePaymentOutcome"];

/** POST /api/credit/lines/{lineNumber}/payments/{id}/confirm: the lender says whether it took the payment. */
export async function confirmLinePayment({ lineNumber, paymentLogId }: { lineNumber: string; paymentLogId: number }): Promise<LinePaymentOutcome> {
  const { data } = await api.post<LinePaymentOutcome>(
    `/credit/lines/${encodeURIComponent(lineNumber)}/payments/${paymentLogId}/confirm`,
  );
  return data;
}

export function useConfirmLinePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLinePayment,
    // The lines show how it went. The quote is not read again: a line that ended has none, and
    // one still open keeps today's.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: linesQuery.queryKey });
    },
  });
}
