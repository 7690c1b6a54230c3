import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type LoanSchedule = components["schemas"]["LoanSchedule"];

/** GET /api/loans/{loanNumber}/schedule: each instalment, what is paid and what is due. */
export async function getSchedule(loanNumber: string): Promise<LoanSchedule> {
  const { data } = await api.get<LoanSchedule>(`/loans/${encodeURIComponent(loanNumber)}/schedule`);
  return data;
}

export function useSchedule(loanNumber: string, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: ["loans", loanNumber, "schedule"], queryFn: () => getSchedule(loanNumber), enabled });
}

export function schedulePdfUrl(loanNumber: string): string {
  return `/api/loans/${encodeURIComponent(loanNumber)}/schedule/pdf`;
}
