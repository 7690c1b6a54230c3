import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "../../../api/client";
import { wordsFor } from "../../../lib/error-messages";
import { i18n } from "@lingui/core";
import { placeName } from "../../../lib/place-names";
import { useAddressBook } from "../api/address-book";
import { useAddressCheck, type AddressDraft, type FieldProblem } from "../api/check-address";
import type { CheckoutAddresses, SavedAddress } from "../../../api/checkout-addresses";
import { PINCODE, usePincodeCheck } from "../api/check-pincode";
import type { CheckoutAddress } from "../api/quote-order";
import { keptForm, keepForm, type AddressForm, type Picked } from "./addressFormKeeping";
import { deliveryWords, notServiceableWords } from "./orderWords";
import styles from "./checkout.module.css";

export interface AddressChoice {
  /** The address to deliver to, complete; null while the form is not. */
  address: CheckoutAddress | null;
  /** Its pin code is known and served. */
  deliverable: boolean;
}

type Field = FieldProblem["field"];

// Problems of a field not yet finished (empty, too short): said once the shopper leaves the field,
// not while they are still typing it. Every other problem is said as it is typed.
const UNFINISHED = new Set(["name_missing", "mobile_missing", "mobile_length", "address_missing", "pincode_missing", "pincode_length"]);

const EMPTY: AddressForm = { name: "", mobileNumber: null, address1: "", address2: "", pincode: "" };

/** A saved address on one line, its city and state in the page's language (called while rendering). */
function savedLabel(a: SavedAddress): string {
  return [a.name, a.address1, a.address2, placeName(a.city, i18n.locale), placeName(a.state, i18n.locale), a.pincode].filter(Boolean).join(", ");
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
  const [form, setForm] = useState<AddressForm>(kept?.form ?? EMPTY);
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
    if (picked !== null || form !== EMPTY) keepForm({ picked, form });
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

  const problemOf = (field: Field): string | null => {
    const problem = check.shown?.problems.find((p) => p.field === field);
    if (!problem) return null;
    if (UNFINISHED.has(problem.code) && !left.has(field)) return null;
    return wordsFor(problem.code, problem.message) ?? problem.message;
  };
  const leave = (field: Field) => () => setLeft((s) => (s.has(field) ? s : new Set(s).add(field)));
  const set = (field: Exclude<Field, "mobileNumber" | "pincode">) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((c) => ({ ...c, [field]: event.target.value }));

  const pick = (next: Picked) => {
    setBookError(null);
    setLeft(new Set());
    if (next.kind === "edit") {
      const a = saved.find((s) => s.id === next.id);
      if (a) setForm(formOf(a));
      setMakeDefault(a?.default ?? false);
    } else if (next.kind === "new" && choice?.kind === "edit") {
      setForm(EMPTY);
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
      setForm(EMPTY);
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

  const fieldId = (field: string) => `${id}-${field}`;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an element id
  const errorId = (field: string) => `${id}-${field}-error`;
  const input = (field: Field) => {
    const problem = problemOf(field);
    return {
      id: fieldId(field),
      onBlur: leave(field),
      "aria-invalid": problem ? true : undefined,
      "aria-describedby": errorId(field),
    };
  };
  const problemText = (field: Field) => {
    const problem = problemOf(field);
    return (
      <p
        id={errorId(field)}
        className={problem ? "form-error" : styles.fieldOk}
        role={problem ? "alert" : undefined}
        data-testid={`${field}-problem`}
      >
        {problem}
      </p>
    );
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
                  {(a.default || a.lastUsed) && (
                    <span className={styles.tags}>
                      {a.default && (
                        <span className={styles.tag}>
                          <Trans>Default</Trans>
                        </span>
                      )}
                      {a.lastUsed && (
                        <span className={styles.tag}>
                          <Trans>Last used</Trans>
                        </span>
                      )}
                    </span>
                  )}
                </span>
              </label>
              <div className={styles.savedActions}>
                <button type="button" className="link-button" disabled={busy} onClick={() => pick({ kind: "edit", id: a.id ?? 0 })} aria-label={t`Edit ${label}`}>
                  <Trans>Edit</Trans>
                </button>
                <button type="button" className="link-button" disabled={busy} onClick={() => void remove(a)} aria-label={t`Remove ${label}`}>
                  <Trans>Remove</Trans>
                </button>
                {!a.default && (
                  <button type="button" className="link-button" disabled={busy} onClick={() => void makeItDefault(a)} aria-label={t`Make ${label} the default`}>
                    <Trans>Make default</Trans>
                  </button>
                )}
              </div>
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
          <div>
            <label htmlFor={fieldId("name")}>
              <Trans>Full name</Trans>
            </label>
            <input {...input("name")} autoComplete="name" value={form.name} onChange={set("name")} maxLength={80} />
            {problemText("name")}
          </div>
          <div>
            <label htmlFor={fieldId("mobileNumber")}>
              <Trans>Mobile number</Trans>
            </label>
            <input
              {...input("mobileNumber")}
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={draft.mobileNumber}
              onChange={(e) => setForm((c) => ({ ...c, mobileNumber: e.target.value.replace(/\D/g, "") }))}
            />
            {problemText("mobileNumber")}
          </div>
          <div className={styles.wide}>
            <label htmlFor={fieldId("address1")}>
              <Trans>Address line 1</Trans>
            </label>
            <input {...input("address1")} autoComplete="address-line1" value={form.address1} onChange={set("address1")} maxLength={200} />
            {problemText("address1")}
          </div>
          <div className={styles.wide}>
            <label htmlFor={fieldId("address2")}>
              <Trans>Address line 2 (optional)</Trans>
            </label>
            <input {...input("address2")} autoComplete="address-line2" value={form.address2} onChange={set("address2")} maxLength={200} />
            {problemText("address2")}
          </div>
          <div>
            <label htmlFor={fieldId("pincode")}>
              <Trans>Pin code</Trans>
            </label>
            <input
              {...input("pincode")}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              value={form.pincode}
              onChange={(e) => setForm((c) => ({ ...c, pincode: e.target.value.replace(/\D/g, "") }))}
            />
            {problemText("pincode")}
          </div>
          <div>
            <label htmlFor={fieldId("city")}>
              <Trans>City</Trans>
            </label>
            <input id={fieldId("city")} readOnly value={place ? placeName(place.city, i18n.locale) : ""} placeholder={t`From the pin code`} />
          </div>
          <div>
            <label htmlFor={fieldId("state")}>
              <Trans>State</Trans>
            </label>
            <input id={fieldId("state")} readOnly value={place ? placeName(place.state, i18n.locale) : ""} placeholder={t`From the pin code`} />
          </div>
          {choice.kind === "edit" && (
            <>
              <label className={`${styles.wide} ${styles.check}`}>
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
              {place.delivery ? deliveryWords(place.delivery) : place.message}
            </p>
          )
        )}
      </div>
    </section>
  );
}
