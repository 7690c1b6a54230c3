import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { accountKey, autopayPath, type AutoPayAccount } from "./account";

export type EnachBanks = components["schemas"]["EnachBanks"];
export type EnachBankOption = components["schemas"]["EnachBankOption"];

// The lender's list changes rarely (the gateway keeps it an hour): read once per visit of the form.
const KEPT_MS = 10 * 60_000;

/** GET {account}/autopay/enach-banks: the banks an eNACH mandate for the loan or line may be set up at, and each one's ways of approving it. */
export function useEnachBanks(account: AutoPayAccount) {
  return useQuery({
    // Apart from ["autopay", ...], which a set-up refreshes.
    queryKey: ["enach-banks", ...accountKey(account)],
    queryFn: async () => (await api.get<EnachBanks>(`${autopayPath(account)}/enach-banks`)).data,
    staleTime: KEPT_MS,
    retry: false,
  });
}
