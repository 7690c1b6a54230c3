import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CheckoutAddresses = components["schemas"]["CheckoutAddresses"];
export type SavedAddress = components["schemas"]["SavedAddress"];

export const addressesQueryKey = ["addresses", "list"] as const;

/**
 * GET /api/addresses: the address book, the default first, then the one used last. Read by the
 * checkout, the address book's page and the store's delivery place (its dialog, the last-used pin
 * code), so shared, one query for all.
 */
export async function getAddresses(signal?: AbortSignal): Promise<CheckoutAddresses> {
  const { data } = await api.get<CheckoutAddresses>("/addresses", { signal });
  return data;
}

export function useAddresses({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal), enabled });
}
