import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CreditLineQuote = components["schemas"]["CreditLineQuote"];
export type Purpose = CreditLineQuote["purpose"];

/** GET /api/credit/lines/{lineNumber}/quote: what ends the line today. */
export async function getQuote(lineNumber: string, purpose: Purpose): Promise<CreditLineQuote> {
  const { data } = await api.get<CreditLineQuote>(`/credit/lines/${encodeURIComponent(lineNumber)}/quote`, {
    params: { purpose },
  });
  return data;
}

export const quoteQuery = (lineNumber: string, purpose: Purpose) =>
  queryOptions({ queryKey: ["credit", "quote", lineNumber, purpose], queryFn: () => getQuote(lineNumber, purpose) });

export function useLineQuote(choice: { lineNumber: string; purpose: Purpose } | null) {
  return useQuery({ ...quoteQuery(choice?.lineNumber ?? "", choice?.purpose ?? "foreclosure"), enabled: choice !== null });
}
