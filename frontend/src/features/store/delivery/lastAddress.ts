import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import type { QueryClient } from "@tanstack/react-query";
import { areaChosen, chooseDeliveryArea } from "../api/delivery-area";
import { chosenPincode } from "./chosen-pincode";

type SavedAddresses = components["schemas"]["CheckoutAddresses"];

// Once a page load: a pin code the shopper then clears or changes is theirs, not asked over.
let asked = false;

/**
 * A logged-in shopper with no pin code chosen: the address they used last (else the book's
 * first) becomes the store's delivery pin code, as the checkout offers it, instead of asking
 * again. Its own chunk: loaded only when there is no pin code after a login.
 */
export async function chooseLastAddress(queryClient: QueryClient): Promise<void> {
  if (asked) return;
  asked = true;
  try {
    const { data } = await api.get<SavedAddresses>("/checkout/addresses");
    const address = data.addresses.find((a) => a.lastUsed) ?? data.addresses[0];
    // Chosen at the top of the store meanwhile: the shopper's choice stands.
    if (!address || chosenPincode() !== null) return;
    areaChosen(queryClient, address.pincode, await chooseDeliveryArea(address.pincode));
  } catch (error) {
    // The shopper can still choose it at the top of the store.
    console.warn("Store: the last-used address could not be read", error instanceof Error ? error.message : error);
  }
}
