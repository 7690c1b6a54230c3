import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "../../../api/client";
import { AddressFields, EMPTY_FORM, type AddressForm, type Field } from "../../../components/addresses/AddressFields";
import { AddressActions, AddressTags } from "../../../components/addresses/SavedAddressParts";
import { useAddressBook } from "../../../components/addresses/api/address-book";
import { useAddressCheck, type AddressDraft } from "../../../components/addresses/api/check-address";
import type { CheckoutAddresses, SavedAddress } from "../../../components/addresses/api/list-addresses";
import { savedLabel } from "../../../components/addresses/saved-label";
import { promiseWords } from "../../../components/storefront/promise-words";
import { PINCODE, usePincodeCheck } from "../api/check-pincode";
import type { CheckoutAddress } from "../api/quote-order";
import { keptForm, keepForm, type Picked } from "./addressFormKeeping";
import { notServiceableWords } from "./checkoutWords";
import fields from "../../../components/addresses/AddressFields.module.css";
import styles from "./checkout.module.css";

export interface AddressChoice {
  /** The address to deliver to, complete; null while the form is not. */
  address: CheckoutAddress | null;
  /** Its pin code is known and served. */
  deliverable: boolean;
}

function formOf(a: SavedAddress): AddressForm {
  return { name: a.name, mobileNumber: a.mobileNumber, address1: a.address1, address2: a.address2, pincode: a.pincode };
}

/**
 * Step 1: the address book (the default, or the one used last, selected), each address editable,
 * removable and able to become the default; or a new address. The form is kept across a reload
 * (addressFormKeeping.ts), the new one's mobile is the logged-in shopper's until changed, and each
 * field's problem shows beside it, from the gateway's rules (POST /api/addresses/check).
 */
export function AddressStep({
  addresses,
  onChange,
}: {
  addresses: CheckoutAddresses | undefined;
  onChange: (choice: AddressChoice) => void;
}) {
  const id = useId();
  const { t } = useLingui();
  const saved = addresses?.addresses ?? [];
  const kept = useState(keptForm)[0];
  const [picked, setPicked] = useState<Picked | null>(kept?.picked ?? null);
  const [form, setForm] = useState<AddressForm>(kept?.form ?? EMPTY_FORM);
  const [makeDefault, setMakeDefault] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  const book = useAddressBook();
  const [bookError, setBookError] = useState<string | null>(null);

  // A kept choice of a saved address that is gone (removed elsewhere) falls back to the book's first.
  const pickedSaved = picked?.kind === "saved" ? saved.find((a) => a.id === picked.id) : undefined;
  const choice: Picked | null =
    picked && (picked.kind !== "saved" || pickedSaved)
      ? picked
      : saved.length > 0
        ? { kind: "saved", id: saved[0].id ?? 0 }
        : addresses
          ? { kind: "new" }
          : null;
  const chosenSaved = choice?.kind === "saved" ? (saved.find((a) => a.id === choice.id) ?? null) : null;
  const editing = choice?.kind === "new" || choice?.kind === "edit";
  // The new address's mobile is the logged-in one until the shopper types another.
  const draft: AddressDraft = { ...form, mobileNumber: form.mobileNumber ?? addresses?.mobileNumber ?? "" };
  const check = useAddressCheck(editing ? draft : null);
  const savedPin = usePincodeCheck(chosenSaved?.pincode ?? "");

  useEffect(() => {
    if (picked !== null || form !== EMPTY_FORM) keepForm({ picked, form });
  }, [picked, form]);

  const place = editing ? check.shown?.place : savedPin.data;
  const deliverable = place != null && place.serviceability !== "notServiceable";
  const current = check.current;
  useEffect(() => {
    let address: CheckoutAddress | null = null;
    if (chosenSaved) {
      address = formOf(chosenSaved) as CheckoutAddress;
    } else if (choice?.kind === "new" && current && current.problems.length === 0 && current.place) {
      // City and state are the pin code's; the gateway takes them from there, never from the page.
      address = { ...draft, name: draft.name.trim() };
    }
    onChange({ address, deliverable: address !== null && (chosenSaved ? PINCODE.test(chosenSaved.pincode) && deliverable : deliverable) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- draft is rebuilt each render; current follows it
  }, [chosenSaved, choice?.kind, current, deliverable, onChange]);

  const leave = (field: Field) => setLeft((s) => (s.has(field) ? s : new Set(s).add(field)));

  const pick = (next: Picked) => {
    setBookError(null);
    setLeft(new Set());
    if (next.kind === "edit") {
      const a = saved.find((s) => s.id === next.id);
      if (a) setForm(formOf(a));
      setMakeDefault(a?.default ?? false);
    } else if (next.kind === "new" && choice?.kind === "edit") {
      setForm(EMPTY_FORM);
    }
    setPicked(next);
  };

  const saveEdit = async () => {
    if (choice?.kind !== "edit") return;
    setLeft(new Set(["name", "mobileNumber", "address1", "address2", "pincode"]));
    if (!current || current.problems.length > 0) return;
    setBookError(null);
    try {
      const kept = await book.save.mutateAsync({ id: choice.id, address: { ...draft, name: draft.name.trim() }, makeDefault });
      setForm(EMPTY_FORM);
      setPicked({ kind: "saved", id: kept.id ?? choice.id });
    } catch (error) {
      setBookError(errorMessage(error, t`The address could not be saved. Please try again.`));
    }
  };

  const remove = async (a: SavedAddress) => {
    setBookError(null);
    try {
      await book.remove.mutateAsync(a.id ?? 0);
      if (choice?.kind === "saved" && choice.id === a.id) setPicked(null);
    } catch (error) {
      setBookError(errorMessage(error, t`The address could not be removed. Please try again.`));
    }
  };

  const makeItDefault = async (a: SavedAddress) => {
    setBookError(null);
    try {
      await book.makeDefault.mutateAsync(a.id ?? 0);
    } catch (error) {
      setBookError(errorMessage(error, t`The address could not be saved. Please try again.`));
    }
  };

  const busy = book.save.isPending || book.remove.isPending || book.makeDefault.isPending;
  const savedPinError =
    chosenSaved && savedPin.isError
      ? errorMessage(savedPin.error, t`We could not find this pin code. Please check it.`)
      : place?.serviceability === "notServiceable" && !editing
        ? notServiceableWords(place)
        : null;

  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>1. Delivery address</Trans>
      </h2>
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">
          <Trans>Deliver to</Trans>
        </legend>
        {saved.map((a) => {
          const label = savedLabel(a);
          return (
            <div key={a.id ?? 0} className={styles.saved} data-testid="saved-address">
              <label className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-address`}
                  checked={choice?.kind === "saved" && choice.id === a.id}
                  onChange={() => pick({ kind: "saved", id: a.id ?? 0 })}
                />
                <span>
                  {label}
                  <AddressTags address={a} />
                </span>
              </label>
              <AddressActions
                address={a}
                label={label}
                busy={busy}
                onRemove={() => void remove(a)}
                onMakeDefault={() => void makeItDefault(a)}
                className={styles.savedActions}
              >
                <button type="button" className="link-button" disabled={busy} onClick={() => pick({ kind: "edit", id: a.id ?? 0 })} aria-label={t`Edit ${label}`}>
                  <Trans>Edit</Trans>
                </button>
              </AddressActions>
            </div>
          );
        })}
        <label className={styles.choice}>
          <input type="radio" name={`${id}-address`} checked={choice?.kind === "new"} onChange={() => pick({ kind: "new" })} />
          <span>
            <Trans>Add a new address</Trans>
          </span>
        </label>
      </fieldset>
      {bookError && (
        <p className="form-error" role="alert">
          {bookError}
        </p>
      )}
      {editing && (
        <div className={styles.form}>
          {choice.kind === "edit" && (
            <p className={`${styles.wide} ${styles.editing}`}>
              <Trans>Editing a saved address</Trans>
            </p>
          )}
          <AddressFields
            form={form}
            mobileNumber={draft.mobileNumber}
            check={check.shown}
            place={place}
            left={left}
            onLeave={leave}
            onChange={setForm}
          />
          {choice.kind === "edit" && (
            <>
              <label className={`${styles.wide} ${fields.check}`}>
                <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
                <Trans>Make this my default address</Trans>
              </label>
              <div className={`${styles.wide} ${styles.formActions}`}>
                <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void saveEdit()}>
                  <Trans>Save address</Trans>
                </button>
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => pick({ kind: "saved", id: choice.id })}>
                  <Trans>Cancel</Trans>
                </button>
              </div>
            </>
          )}
          {choice.kind === "new" && (
            <p className={`${styles.wide} ${styles.hint}`}>
              <Trans>We keep this address in your address book for your next order.</Trans>
            </p>
          )}
        </div>
      )}
      <div aria-live="polite">
        {savedPinError ? (
          <p className="form-error" role="alert">
            {savedPinError}
          </p>
        ) : (
          place &&
          place.serviceability !== "notServiceable" &&
          choice?.kind !== "edit" && (
            <p className={place.serviceability === "oneHour" ? styles.oneHour : styles.promise}>
              {place.delivery ? promiseWords(place.delivery) : place.message}
            </p>
          )
        )}
      </div>
    </section>
  );
}
