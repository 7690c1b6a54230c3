import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type GstinCheck = components["schemas"]["GstinCheck"];

/** How long typing pauses before the GSTIN is checked. */
const PAUSE_MS = 300;

/**
 * GET /api/checkout/gstin: the gateway's GSTIN rule (canonical form, format, check digit and,
 * with the address's pin code, its state) on what the user typed. The page has no rule of its
 * own, so it never says a number is fine that the gateway then refuses.
 */
export async function checkGstin(number: string, pincode: string | null): Promise<GstinCheck> {
  const { data } = await api.get<GstinCheck>("/checkout/gstin", { params: { number, pincode } });
  return data;
}

/**
 * Checked as it is typed, once typing pauses; each answer is remembered. `current` is the answer
 * for exactly what is typed now (null while it is being asked).
 */
export function useGstinCheck(typed: string, pincode: string | null): { shown: GstinCheck | undefined; current: GstinCheck | null } {
  const [number, setNumber] = useState(typed.trim());
  useEffect(() => {
    const timer = setTimeout(() => setNumber(typed.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const check = useQuery({
    queryKey: ["checkout", "gstin", number, pincode],
    queryFn: () => checkGstin(number, pincode),
    enabled: number.length > 0 && number.length <= 30,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const settled = number === typed.trim() && !check.isPlaceholderData && check.data !== undefined;
  return { shown: number ? check.data : undefined, current: settled ? (check.data ?? null) : null };
}
