import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CheckoutAddresses = components["schemas"]["CheckoutAddresses"];
export type SavedAddress = components["schemas"]["SavedAddress"];

/** GET /api/checkout/addresses: the shopper's saved addresses, the one used last first. */
export async function getCheckoutAddresses(): Promise<CheckoutAddresses> {
  const { data } = await api.get<CheckoutAddresses>("/checkout/addresses");
  return data;
}

export function useCheckoutAddresses({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: ["checkout", "addresses"], queryFn: getCheckoutAddresses, enabled });
}
