import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CheckoutAddresses = components["schemas"]["CheckoutAddresses"];
export type SavedAddress = components["schemas"]["SavedAddress"];

export const addressesQueryKey = ["checkout", "addresses"] as const;

/** GET /api/checkout/addresses: the address book, the default first, then the one used last. */
export async function getCheckoutAddresses(): Promise<CheckoutAddresses> {
  const { data } = await api.get<CheckoutAddresses>("/checkout/addresses");
  return data;
}

export function useCheckoutAddresses({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: addressesQueryKey, queryFn: getCheckoutAddresses, enabled });
}
