import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type LoanKeyFacts = components["schemas"]["LoanKeyFacts"];

/** GET /api/loans/{loanNumber}/key-facts: the loan's Key Facts Statement. */
export async function getKeyFacts(loanNumber: string): Promise<LoanKeyFacts> {
  const { data } = await api.get<LoanKeyFacts>(`/loans/${encodeURIComponent(loanNumber)}/key-facts`);
  return data;
}

export function useKeyFacts(loanNumber: string, { enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: ["loans", loanNumber, "key-facts"], queryFn: () => getKeyFacts(loanNumber), enabled });
}

/** Where the Key Facts Statement's PDF is, in English or Hindi (whatever the page's language). */
export function keyFactsPdfUrl(loanNumber: string, language: "en" | "hi"): string {
  return `/api/loans/${encodeURIComponent(loanNumber)}/key-facts/pdf?language=${language}`;
}
