import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, errorStatus } from "../../../api/client";
import type { components } from "../../../api/schema";
import { useOnline } from "../../../lib/connection";
import { pincodeChanged, useChosenPincode } from "../delivery/chosen-pincode";

export type DeliveryArea = components["schemas"]["DeliveryArea"];
export type AreaCheck = components["schemas"]["PincodeCheck"];

/** An area as read: null for a pin code not known; `savedAt` when read offline from the phone's copy. */
interface ReadArea {
  area: AreaCheck | null;
  savedAt: Date | null;
}

/**
 * GET /api/checkout/pincodes/{pincode}: the chosen pin code's place and the orders service's
 * promise as of now. Asked by its pin code (not the cookie's choice), so the copy the phone keeps
 * for offline reading is that pin code's, whichever moment the choice was made.
 */
async function getArea(pincode: string): Promise<ReadArea> {
  try {
    const { data, savedAt } = await api.get<AreaCheck>(`/checkout/pincodes/${pincode}`);
    return { area: data, savedAt: savedAt ?? null };
  } catch (error) {
    if (errorStatus(error) === 404) return { area: null, savedAt: null }; // no longer known: as if none were chosen
    throw error;
  }
}

// The promise depends on the hour (the dark stores open and close): asked again after a minute.
const deliveryAreaQuery = (pincode: string | null) =>
  queryOptions({
    queryKey: ["store", "delivery-area", pincode],
    queryFn: () => getArea(pincode ?? ""),
    staleTime: 60_000,
  });

/**
 * The chosen area, asked only once a pin code is chosen: `pincode` null means none is (no call,
 * and no screen claims a delivery time); `area` undefined while its promise is being asked.
 * Offline, `savedAt` is when the promise shown was read (it may have changed since), and
 * `unknown` says it cannot be asked now (none kept): no screen waits on it for ever.
 */
export function useDeliveryArea(): {
  pincode: string | null;
  area: AreaCheck | null | undefined;
  savedAt: Date | null;
  unknown: boolean;
} {
  const pincode = useChosenPincode();
  const online = useOnline();
  const { data, dataUpdatedAt, isError } = useQuery({ ...deliveryAreaQuery(pincode), enabled: pincode !== null });
  if (pincode === null) return { pincode, area: null, savedAt: null, unknown: false };
  const savedAt = online || data === undefined ? null : (data.savedAt ?? new Date(dataUpdatedAt));
  return { pincode, area: data?.area, savedAt, unknown: data === undefined && (isError || !online) };
}

/** PUT /api/checkout/delivery-area: choose a pin code (404 for one India Post does not know). */
export async function chooseDeliveryArea(pincode: string, signal?: AbortSignal): Promise<DeliveryArea> {
  const { data } = await api.put<DeliveryArea>("/checkout/delivery-area", { pincode }, { signal });
  return data;
}

/**
 * A pin code chosen (its cookie set): every screen shows the choice's answer at once, and it is
 * read again by its pin code in the background, so the phone keeps that pin code's copy.
 */
export function areaChosen(queryClient: QueryClient, pincode: string, answer: DeliveryArea): void {
  const { queryKey } = deliveryAreaQuery(pincode);
  queryClient.setQueryData(queryKey, { area: answer.area, savedAt: null });
  pincodeChanged();
  void queryClient.invalidateQueries({ queryKey, exact: true });
}

export function useChooseDeliveryArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pincode: string) => chooseDeliveryArea(pincode),
    onSuccess: (answer, pincode) => areaChosen(queryClient, pincode, answer),
  });
}
