import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { loansQuery } from "./list-loans";

export type ForeclosureQuote = components["schemas"]["ForeclosureQuote"];
export type ForeclosurePaymentCreated = components["schemas"]["ForeclosurePaymentCreated"];
export type ForeclosureOutcome = components["schemas"]["ForeclosureOutcome"];

const loanPath = (loanNumber: string) => `/loans/${encodeURIComponent(loanNumber)}`;

/** GET /api/loans/{loanNumber}/foreclosure: today's quote to close the loan, as the lender works it out. */
export function useForeclosureQuote(loanNumber: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    // Not under ["loans"]: a closed loan has no quote, and its figures are read again after paying.
    queryKey: ["foreclosure-quote", loanNumber],
    queryFn: async () => (await api.get<ForeclosureQuote>(`${loanPath(loanNumber)}/foreclosure`)).data,
    enabled,
    retry: false,
  });
}

/** POST .../foreclosure/payments: the quote in the repayments' checkout. One Idempotency-Key per
 * attempt: a double click, or a retry, is the same payment. */
export function usePayForeclosure() {
  return useMutation({
    mutationFn: async ({ quote, key }: { quote: ForeclosureQuote; key: string }) =>
      (
        await api.post<ForeclosurePaymentCreated>(
          `${loanPath(quote.loanNumber)}/foreclosure/payments`,
          { amount: quote.total },
          { headers: { "Idempotency-Key": key } },
        )
      ).data,
  });
}

/** POST .../foreclosure/payments/{id}/confirm: whether the lender took it and closed the loan. */
export function useConfirmForeclosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ loanNumber, paymentLogId }: { loanNumber: string; paymentLogId: number }) =>
      (await api.post<ForeclosureOutcome>(`${loanPath(loanNumber)}/foreclosure/payments/${paymentLogId}/confirm`)).data,
    // The loan's figures and status show how it went.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: loansQuery.queryKey });
    },
  });
}

/** Where a closed loan's no-dues certificate is read, in English or Hindi. */
export function noDuesPdfUrl(loanNumber: string, language: "en" | "hi"): string {
  return `/api${loanPath(loanNumber)}/no-dues/pdf?language=${language}`;
}

type PaymentRecord = components["schemas"]["PaymentRecord"];

/** The paid foreclosure's receipt, where the lender has one: from the borrower's payments (GET /api/portal/payments). */
export function useReceiptOf(orderId: string | null) {
  return useQuery({
    queryKey: ["foreclosure-receipt", orderId],
    queryFn: async () => {
      const { data } = await api.get<PaymentRecord[]>("/portal/payments");
      return data.find((payment) => payment.orderId === orderId)?.receiptUrl ?? null;
    },
    enabled: orderId !== null,
  });
}
