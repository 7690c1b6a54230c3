import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import type { CreditLineQuote } from "./get-quote";

export type LinePaymentCreated = components["schemas"]["LinePaymentCreated"];

/** POST /api/credit/lines/{lineNumber}/payments: today's quote, paid in the repayments' checkout.
 * One Idempotency-Key per attempt: a double click makes one payment. */
export async function payQuote(quote: CreditLineQuote, idempotencyKey: string): Promise<LinePaymentCreated> {
  const { data } = await api.post<LinePaymentCreated>(
    `/credit/lines/${encodeURIComponent(quote.lineNumber)}/payments`,
    { purpose: quote.purpose, amount: quote.total },
    { headers: { "Idempotency-Key": idempotencyKey } },
  );
  return data;
}

export function usePayQuote() {
  return useMutation({ mutationFn: ({ quote, key }: { quote: CreditLineQuote; key: string }) => payQuote(quote, key) });
}
