import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import type { components } from "./schema";

export type CheckoutAddresses = components["schemas"]["CheckoutAddresses"];
export type SavedAddress = components["schemas"]["SavedAddress"];

export const addressesQueryKey = ["checkout", "addresses"] as const;

/**
 * GET /api/addresses: the address book, the default first, then the one used last. Read
 * by the checkout and by the store's delivery place (its dialog, the last-used pin code), so
 * shared, one query for both.
 */
export async function getCheckoutAddresses(signal?: AbortSignal): Promise<CheckoutAddresses> {
  const { data } = await api.get<CheckoutAddresses>("/addresses", { signal });
  return data;
}

export function useCheckoutAddresses({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getCheckoutAddresses(signal), enabled });
}
