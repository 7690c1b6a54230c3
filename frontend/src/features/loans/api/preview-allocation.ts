import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type LoanAllocationPreview = components["schemas"]["LoanAllocationPreview"];

/** GET /api/loans/{loanNumber}/allocation?amount=: how the lender would apply the amount now. */
export async function previewAllocation(loanNumber: string, amount: string): Promise<LoanAllocationPreview> {
  const { data } = await api.get<LoanAllocationPreview>(`/loans/${encodeURIComponent(loanNumber)}/allocation`, {
    params: { amount },
  });
  return data;
}

export function useAllocationPreview(loanNumber: string, amount: string | null) {
  return useQuery({
    queryKey: ["loans", loanNumber, "allocation", amount],
    queryFn: () => previewAllocation(loanNumber, amount as string),
    enabled: amount !== null,
    retry: false,
  });
}
