import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { errorCatalog } from "../../../lib/error-messages";
import { ensureCatalog } from "../../../lib/i18n";

export type AddressDraft = components["schemas"]["AddressDraft"];
export type AddressCheck = components["schemas"]["AddressCheck"];
export type FieldProblem = components["schemas"]["FieldProblem"];

/** How long typing pauses before the form is checked. */
const PAUSE_MS = 250;

/**
 * POST /api/addresses/check: the gateway's address rules on the form as typed (each
 * field's problem, the pin code's place). The page has no copy of the rules, so it never calls a
 * field fine that the gateway then refuses. The problems are worded from the app's error table,
 * loaded with the first check.
 */
export async function checkAddress(draft: AddressDraft): Promise<AddressCheck> {
  const [{ data }] = await Promise.all([
    api.post<AddressCheck>("/addresses/check", draft),
    ensureCatalog(errorCatalog).catch(() => undefined),
  ]);
  return data;
}

/** Checked once typing pauses; `current` is the answer for exactly what is typed now (null while asked). */
export function useAddressCheck(typed: AddressDraft | null): { shown: AddressCheck | undefined; current: AddressCheck | null } {
  const key = typed === null ? null : JSON.stringify(typed);
  const [asked, setAsked] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(key), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const check = useQuery({
    queryKey: ["addresses", "check", asked],
    queryFn: () => checkAddress(JSON.parse(asked ?? "{}") as AddressDraft),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { keptOffline: false }, // a POST: the service worker's take-over does not ask it again
  });
  const settled = asked === key && !check.isPlaceholderData && check.data !== undefined;
  return { shown: key === null ? undefined : check.data, current: settled ? (check.data ?? null) : null };
}
