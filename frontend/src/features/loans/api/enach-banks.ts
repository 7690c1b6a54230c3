import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type EnachBanks = components["schemas"]["EnachBanks"];
export type EnachBankOption = components["schemas"]["EnachBankOption"];

// The lender's list changes rarely (the gateway keeps it an hour): read once per visit of the form.
const KEPT_MS = 10 * 60_000;

/** GET /api/loans/{loanNumber}/autopay/enach-banks: the banks an eNACH mandate for the loan may be set up at, and each one's ways of approving it. */
export function useEnachBanks(loanNumber: string) {
  return useQuery({
    // Apart from ["autopay", loanNumber], which a set-up refreshes.
    queryKey: ["enach-banks", loanNumber],
    queryFn: async () => (await api.get<EnachBanks>(`/loans/${encodeURIComponent(loanNumber)}/autopay/enach-banks`)).data,
    staleTime: KEPT_MS,
    retry: false,
  });
}
