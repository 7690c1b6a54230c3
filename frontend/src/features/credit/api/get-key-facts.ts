import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CreditKeyFacts = components["schemas"]["CreditKeyFacts"];

/** GET /api/credit/offers/{offerId}/key-facts: read here, so the offer may then be accepted. */
export async function getKeyFacts(offerId: string): Promise<CreditKeyFacts> {
  const { data } = await api.get<CreditKeyFacts>(`/credit/offers/${encodeURIComponent(offerId)}/key-facts`);
  return data;
}

export const keyFactsQuery = (offerId: string) =>
  queryOptions({ queryKey: ["credit", "key-facts", offerId], queryFn: () => getKeyFacts(offerId), staleTime: Infinity });

export function useKeyFacts(offerId: string | null) {
  return useQuery({ ...keyFactsQuery(offerId ?? ""), enabled: offerId !== null });
}
