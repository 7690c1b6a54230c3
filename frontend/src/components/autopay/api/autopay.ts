import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { accountKey, autopayPath, type AutoPayAccount } from "./account";

export type AutoPay = components["schemas"]["AutoPay"];
export type AutoPayMandate = components["schemas"]["AutoPayMandate"];
export type AutoPayAction = components["schemas"]["AutoPayChange"]["action"];
export type AutoPayRequest = components["schemas"]["AutoPayRequest"];

const FOLLOW_MS = 3000;
const autopayKey = (account: AutoPayAccount) => ["autopay", ...accountKey(account)];

/** GET {account}/autopay: the terms a UPI AutoPay mandate would have, and the mandate with its debits. */
export function useAutoPay(account: AutoPayAccount, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: autopayKey(account),
    queryFn: async () => (await api.get<AutoPay>(autopayPath(account))).data,
    enabled,
    retry: false,
    // Followed while the provider is yet to answer: an approval in the UPI app or at the bank, a debit noticed.
    refetchInterval: (query) => {
      const mandate = query.state.data?.mandate;
      const waiting = mandate?.status === "pendingApproval" || mandate?.debits.some((debit) => debit.status === "noticed");
      return waiting ? FOLLOW_MS : false;
    },
  });
}

/** POST {account}/autopay: set up the mandate, to approve in the UPI app (or, for eNACH, at the bank). One Idempotency-Key per attempt. */
export function useSetUpAutoPay(account: AutoPayAccount) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: AutoPayRequest; key: string }) =>
      (await api.post<AutoPayMandate>(autopayPath(account), body, { headers: { "Idempotency-Key": key } })).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: autopayKey(account) });
    },
  });
}

/** POST {account}/autopay/changes: pause, resume or cancel. */
export function useChangeAutoPay(account: AutoPayAccount) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, key }: { action: AutoPayAction; key: string }) =>
      (await api.post<AutoPayMandate>(`${autopayPath(account)}/changes`, { action }, { headers: { "Idempotency-Key": key } })).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: autopayKey(account) });
    },
  });
}
