/**
 * The mandates at the payments mock and what the lender keeps of them, with QA's words on a
 * mandate (the payer's in their UPI app, or their bank's) and the bank declining its next debits
 * (upstream_mocks/payments/subscription_routes.py, upstream_mocks/lending/autopay_mandates.py).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import { KEY, mocks, useLive } from "./mocks";

/** One payment of a mandate: its AUTH or a CHARGE (amounts as exact decimal strings). */
export interface QaMandatePayment {
  paymentId: string;
  cfPaymentId: string;
  type: "AUTH" | "CHARGE";
  status: string;
  amount: string;
  scheduledFor: string;
  retryAttempts: number;
  failureReason: string;
}

export interface QaMandate {
  cfSubscriptionId: string;
  subscriptionId: string;
  account: string;
  status: string;
  method: "upi" | "enach";
  maxAmount: string;
  customerPhone: string;
  loanNumber: string | null;
  expiresAt: string;
  declining: { failureReason: string; attempts: number } | null;
  payments: QaMandatePayment[];
}

/** A mandate our lender keeps for a loan: its reminders then say AutoPay takes the instalment. */
export interface KeptMandate {
  loanNumber: string;
  subscriptionId: string;
}

/** The payer's or their bank's word (the payments mock's mandate control). */
export type MandateWord = "approved" | "rejected" | "authorised" | "paused" | "resumed" | "cancelled";

export function useMandates() {
  return useLive<QaMandate[]>("mandates", "/_mocks/payments/subscriptions");
}

export function useKeptMandates() {
  return useLive<KeptMandate[]>("kept-mandates", "/_mocks/lending/mandates");
}

function useMandatesChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: KEY });
}

export function useMandateWord() {
  const changed = useMandatesChanged();
  return useMutation({
    mutationFn: async ({ mandate, outcome }: { mandate: string; outcome: MandateWord }) =>
      (
        await api.post<{ subscription_status: string }>(
          `/_mocks/payments/subscriptions/${encodeURIComponent(mandate)}/mandate`,
          { outcome },
          mocks(),
        )
      ).data,
    onSettled: changed,
  });
}

export function useDeclineDebits() {
  const changed = useMandatesChanged();
  return useMutation({
    mutationFn: async ({ mandate, reason, attempts }: { mandate: string; reason: string; attempts: number }) =>
      (
        await api.post<{ failure_reason: string; attempts: number }>(
          `/_mocks/payments/subscriptions/${encodeURIComponent(mandate)}/debits/fail`,
          { failure_reason: reason, attempts },
          mocks(),
        )
      ).data,
    onSettled: changed,
  });
}
