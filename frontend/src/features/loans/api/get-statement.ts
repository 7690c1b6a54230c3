import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type LoanStatement = components["schemas"]["LoanStatement"];
export interface Period {
  from: string;
  to: string;
}

/** GET /api/loans/{loanNumber}/statement?from=&to=: the statement of account for the period. */
export async function getStatement(loanNumber: string, period: Period): Promise<LoanStatement> {
  const { data } = await api.get<LoanStatement>(`/loans/${encodeURIComponent(loanNumber)}/statement`, { params: period });
  return data;
}

export function useStatement(loanNumber: string, period: Period | null) {
  return useQuery({
    queryKey: ["loans", loanNumber, "statement", period],
    queryFn: () => getStatement(loanNumber, period as Period),
    enabled: period !== null,
  });
}

export function statementPdfUrl(loanNumber: string, period: Period): string {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  return `/api/loans/${encodeURIComponent(loanNumber)}/statement/pdf?${query.toString()}`;
}
