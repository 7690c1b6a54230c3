import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { pincodeChanged, useChosenPincode } from "../delivery/chosen-pincode";

export type DeliveryArea = components["schemas"]["DeliveryArea"];
export type AreaCheck = components["schemas"]["PincodeCheck"];

/** GET /api/checkout/delivery-area: the chosen pin code with the orders service's promise as of now. */
export async function getDeliveryArea(): Promise<DeliveryArea> {
  const { data } = await api.get<DeliveryArea>("/checkout/delivery-area");
  return data;
}

// The promise depends on the hour (the dark stores open and close): asked again after a minute.
export const deliveryAreaQuery = (pincode: string | null) =>
  queryOptions({ queryKey: ["store", "delivery-area", pincode], queryFn: getDeliveryArea, staleTime: 60_000 });

/**
 * The chosen area, asked only once a pin code is chosen: `pincode` null means none is (no call,
 * and no screen claims a delivery time); `area` undefined while its promise is being asked.
 */
export function useDeliveryArea(): { pincode: string | null; area: AreaCheck | null | undefined } {
  const pincode = useChosenPincode();
  const { data } = useQuery({ ...deliveryAreaQuery(pincode), enabled: pincode !== null });
  if (pincode === null) return { pincode, area: null };
  return { pincode, area: data === undefined ? undefined : data.area };
}

/** PUT /api/checkout/delivery-area: choose a pin code (404 for one India Post does not know). */
export async function chooseDeliveryArea(pincode: string): Promise<DeliveryArea> {
  const { data } = await api.put<DeliveryArea>("/checkout/delivery-area", { pincode });
  return data;
}

export function useChooseDeliveryArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseDeliveryArea,
    onSuccess: (answer, pincode) => {
      queryClient.setQueryData(deliveryAreaQuery(pincode).queryKey, answer);
      pincodeChanged();
    },
  });
}
