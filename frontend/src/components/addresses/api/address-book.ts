import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { addressesQueryKey, type SavedAddress } from "./list-addresses";

export type AddressBookEntry = components["schemas"]["AddressBookEntry"];
export type CheckoutAddress = components["schemas"]["CheckoutAddress"];

/** PUT /api/addresses/{id}: the address changed (every field), as kept. */
export async function changeAddress(id: number, address: CheckoutAddress, makeDefault: boolean): Promise<SavedAddress> {
  const body: AddressBookEntry = { address, default: makeDefault };
  const { data } = await api.put<SavedAddress>(`/addresses/${id}`, body);
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

/** The book's three changes to a saved address (the checkout's step and the book's page make
 * them); each reloads the book afterwards. Adding one is the book page's own (features/addresses). */
export function useAddressBook() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: addressesQueryKey });
  const save = useMutation({
    mutationFn: ({ id, address, makeDefault }: { id: number; address: CheckoutAddress; makeDefault: boolean }) =>
      changeAddress(id, address, makeDefault),
    onSuccess: reload,
  });
  const makeDefault = useMutation({ mutationFn: makeDefaultAddress, onSuccess: reload });
  const remove = useMutation({ mutationFn: removeAddress, onSuccess: reload });
  return { save, makeDefault, remove };
}
