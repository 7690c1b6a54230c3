import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { AddressBookEntry, CheckoutAddress } from "../../../components/addresses/api/address-book";
import { addressesQueryKey, type SavedAddress } from "../../../components/addresses/api/list-addresses";

/** POST /api/addresses: a new address in the book (the first one, or one sent with default, is the
 * default), as kept. The checkout adds none itself: an order's address is kept as it is placed. */
export async function addAddress(address: CheckoutAddress, makeDefault: boolean): Promise<SavedAddress> {
  const body: AddressBookEntry = { address, default: makeDefault };
  const { data } = await api.post<SavedAddress>("/addresses", body);
  return data;
}

/** Adds one, then reads the book again. */
export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ address, makeDefault }: { address: CheckoutAddress; makeDefault: boolean }) => addAddress(address, makeDefault),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
