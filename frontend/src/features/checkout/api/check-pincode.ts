import { useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type PincodeCheck = components["schemas"]["PincodeCheck"];

export const PINCODE = /^[1-9][0-9]{5}$/;

/** GET /api/checkout/pincodes/{pincode}: city, state and the delivery promise (404 for an unknown pin code). */
export async function checkPincode(pincode: string): Promise<PincodeCheck> {
  const { data } = await api.get<PincodeCheck>(`/checkout/pincodes/${pincode}`);
  return data;
}

/** Checked as it is typed: asks once the six digits are there, and remembers each answer. */
export function usePincodeCheck(pincode: string) {
  return useQuery({
    queryKey: ["checkout", "pincode", pincode],
    queryFn: () => checkPincode(pincode),
    enabled: PINCODE.test(pincode),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
