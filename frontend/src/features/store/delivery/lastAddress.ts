import type { QueryClient } from "@tanstack/react-query";
import { addressesQueryKey, getAddresses } from "../../../components/addresses/api/list-addresses";
import { areaChosen, chooseDeliveryArea } from "../api/delivery-area";
import { chosenPincode } from "./chosen-pincode";

// Once a page load: a pin code the shopper then clears or changes is theirs, not asked over.
let asked = false;

/**
 * A logged-in shopper with no pin code chosen: the address they used last (else the book's
 * first) becomes the store's delivery pin code, as the checkout offers it, instead of asking
 * again. Its own chunk: loaded only when there is no pin code after a login.
 */
export async function chooseLastAddress(queryClient: QueryClient, signal: AbortSignal): Promise<void> {
  // Logged out meanwhile (`signal`, taken at the login): both calls are cancelled in the
  // browser, or never sent, instead of being refused after the login ended.
  if (asked || signal.aborted) return;
  asked = true;
  try {
    const data = await queryClient.fetchQuery({
      queryKey: addressesQueryKey,
      queryFn: () => getAddresses(signal),
    });
    const address = data.addresses.find((a) => a.lastUsed) ?? data.addresses[0];
    // Chosen at the top of the store meanwhile: the shopper's choice stands.
    if (!address || chosenPincode() !== null || signal.aborted) return;
    areaChosen(queryClient, address.pincode, await chooseDeliveryArea(address.pincode, signal));
  } catch (error) {
    if (signal.aborted) return;
    // The shopper can still choose it at the top of the store.
    console.warn("Store: the last-used address could not be read", error instanceof Error ? error.message : error);
  }
}
