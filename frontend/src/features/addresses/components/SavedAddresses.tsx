import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorMessage } from "../../../api/client";
import { AddressActions, AddressTags } from "../../../components/addresses/SavedAddressParts";
import { useAddressBook } from "../../../components/addresses/api/address-book";
import type { SavedAddress } from "../../../components/addresses/api/list-addresses";
import { savedLabel } from "../../../components/addresses/saved-label";
import styles from "./addresses.module.css";

/** The book's addresses, the default first, then the one used last; each can become the default or
 * be taken out (past orders keep their own copy). */
export function SavedAddresses({ addresses }: { addresses: SavedAddress[] }) {
  const { t } = useLingui();
  const book = useAddressBook();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = book.remove.isPending || book.makeDefault.isPending;

  const remove = async (a: SavedAddress) => {
    setProblem(null);
    try {
      await book.remove.mutateAsync(a.id ?? 0);
    } catch (error) {
      setProblem(errorMessage(error, t`The address could not be removed. Please try again.`));
    }
  };
  const makeItDefault = async (a: SavedAddress) => {
    setProblem(null);
    try {
      await book.makeDefault.mutateAsync(a.id ?? 0);
    } catch (error) {
      setProblem(errorMessage(error, t`The address could not be saved. Please try again.`));
    }
  };

  return (
    <>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <ul className={styles.list}>
        {addresses.map((a) => {
          const label = savedLabel(a);
          return (
            <li key={a.id ?? 0} className={`card ${styles.saved}`} data-testid="saved-address">
              <p className={styles.label}>
                {label}
                <AddressTags address={a} />
              </p>
              <AddressActions address={a} label={label} busy={busy} onRemove={() => void remove(a)} onMakeDefault={() => void makeItDefault(a)} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
