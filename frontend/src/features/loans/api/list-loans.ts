import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type LoanSummary = components["schemas"]["LoanSummary"];

/** GET /api/loans: the borrower's loans, as the lender gives them. */
export async function listLoans(): Promise<LoanSummary[]> {
  const { data } = await api.get<LoanSummary[]>("/loans");
  return data;
}

export const loansQuery = queryOptions({ queryKey: ["loans"], queryFn: listLoans });

export function useLoans({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loansQuery, enabled });
}
