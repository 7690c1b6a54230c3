import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CreditLine = components["schemas"]["CreditLine"];

/** GET /api/credit/lines: the shopper's credit lines, open and ended, as the lender keeps them. */
export async function listLines(): Promise<CreditLine[]> {
  const { data } = await api.get<CreditLine[]>("/credit/lines");
  return data;
}

export const linesQuery = queryOptions({ queryKey: ["credit", "lines"], queryFn: listLines });

export function useLines({ enabled }: { enabled: boolean }) {
  return useQuery({ ...linesQuery, enabled });
}
