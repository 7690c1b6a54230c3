import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { addressesQueryKey, type SavedAddress } from "../../../api/checkout-addresses";
import type { CheckoutAddress } from "./quote-order";

export type AddressBookEntry = components["schemas"]["AddressBookEntry"];

/** POST /api/addresses (a new one) or PUT /api/addresses/{id} (a change): the address as kept. */
export async function saveAddress(id: number | null, address: CheckoutAddress, makeDefault: boolean): Promise<SavedAddress> {
  const body: AddressBookEntry = { address, default: makeDefault };
  const { data } =
    id === null
      ? await api.post<SavedAddress>("/addresses", body)
      : await api.put<SavedAddress>(`/addresses/${id}`, body);
  return data;
}

/** PUT /api/addresses/{id}/default. */
export async function makeDefaultAddress(id: number): Promise<SavedAddress> {
  const { data } = await api.put<SavedAddress>(`/addresses/${id}/default`);
  return data;
}

/** DELETE /api/addresses/{id}: out of the book (past orders keep theirs). */
export async function removeAddress(id: number): Promise<void> {
  await api.delete(`/addresses/${id}`);
}

/** The book's three changes; each reloads the book afterwards. */
export function useAddressBook() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: addressesQueryKey });
  const save = useMutation({
    mutationFn: ({ id, address, makeDefault }: { id: number | null; address: CheckoutAddress; makeDefault: boolean }) =>
      saveAddress(id, address, makeDefault),
    onSuccess: reload,
  });
  const makeDefault = useMutation({ mutationFn: makeDefaultAddress, onSuccess: reload });
  const remove = useMutation({ mutationFn: removeAddress, onSuccess: reload });
  return { save, makeDefault, remove };
}
