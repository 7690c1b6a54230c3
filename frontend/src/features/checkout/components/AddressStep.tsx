import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "../../../api/client";
import type { CheckoutAddresses, SavedAddress } from "../api/checkout-addresses";
import { PINCODE, usePincodeCheck } from "../api/check-pincode";
import type { CheckoutAddress } from "../api/quote-order";
import { deliveryWords, notServiceableWords } from "./orderWords";
import styles from "./checkout.module.css";

export interface AddressChoice {
  /** The address to deliver to, complete; null while the form is not. */
  address: CheckoutAddress | null;
  /** Its pin code is known and served. */
  deliverable: boolean;
}

interface NewAddress {
  name: string;
  mobileNumber: string;
  address1: string;
  address2: string;
  pincode: string;
}

const NEW = "new";
// An Indian mobile, as the gateway's rule (gateway/validation.py): 10 digits, the first 6 to 9.
const MOBILE = /^[6-9][0-9]{9}$/;

function savedLabel(a: SavedAddress): string {
  return [a.name, a.address1, a.address2, a.city, a.state, a.pincode].filter(Boolean).join(", ");
}

/** Step 1: a saved address (the one used last selected) or a new one; the pin code is checked as it is typed. */
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
  const [picked, setPicked] = useState<string | null>(null);
  const [draft, setDraft] = useState<NewAddress>({ name: "", mobileNumber: "", address1: "", address2: "", pincode: "" });
  const choice = picked ?? (saved.length > 0 ? String(saved[0].id ?? 0) : addresses ? NEW : null);
  const chosenSaved = saved.find((a) => String(a.id ?? 0) === choice) ?? null;
  const pincode = choice === NEW ? draft.pincode : (chosenSaved?.pincode ?? "");
  const check = usePincodeCheck(pincode);
  const place = check.data;
  const deliverable = PINCODE.test(pincode) && place !== undefined && place.serviceability !== "notServiceable";

  useEffect(() => {
    let address: CheckoutAddress | null = null;
    if (chosenSaved) {
      address = {
        name: chosenSaved.name,
        mobileNumber: chosenSaved.mobileNumber,
        address1: chosenSaved.address1,
        address2: chosenSaved.address2,
        pincode: chosenSaved.pincode,
      };
    } else if (choice === NEW && draft.name.trim() && MOBILE.test(draft.mobileNumber) && draft.address1.trim() && place) {
      // City and state are the pin code's; the gateway takes them from there, never from the page.
      address = { ...draft, name: draft.name.trim() };
    }
    onChange({ address, deliverable: address !== null && deliverable });
  }, [chosenSaved, choice, draft, place, deliverable, onChange]);

  const set = (field: keyof NewAddress) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an element id
  const pinMessageId = `${id}-pin-message`;
  const pinError =
    PINCODE.test(pincode) && check.isError
      ? errorMessage(check.error, t`We could not find this pin code. Please check it.`)
      : place?.serviceability === "notServiceable"
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
        {saved.map((a) => (
          <label key={a.id ?? 0} className={styles.choice}>
            <input type="radio" name={`${id}-address`} checked={choice === String(a.id ?? 0)} onChange={() => setPicked(String(a.id ?? 0))} />
            <span>
              {savedLabel(a)}
              {a.lastUsed && (
                <>
                  {" "}
                  <span className={styles.tag}>
                    <Trans>Last used</Trans>
                  </span>
                </>
              )}
            </span>
          </label>
        ))}
        <label className={styles.choice}>
          <input type="radio" name={`${id}-address`} checked={choice === NEW} onChange={() => setPicked(NEW)} />
          <span>
            <Trans>Add a new address</Trans>
          </span>
        </label>
      </fieldset>
      {choice === NEW && (
        <div className={styles.form}>
          <div>
            <label htmlFor={`${id}-name`}>
              <Trans>Full name</Trans>
            </label>
            <input id={`${id}-name`} autoComplete="name" value={draft.name} onChange={set("name")} maxLength={80} />
          </div>
          <div>
            <label htmlFor={`${id}-mobile`}>
              <Trans>Mobile number</Trans>
            </label>
            <input
              id={`${id}-mobile`}
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={draft.mobileNumber}
              onChange={(e) => setDraft((c) => ({ ...c, mobileNumber: e.target.value.replace(/\D/g, "") }))}
            />
          </div>
          <div className={styles.wide}>
            <label htmlFor={`${id}-line1`}>
              <Trans>Address line 1</Trans>
            </label>
            <input id={`${id}-line1`} autoComplete="address-line1" value={draft.address1} onChange={set("address1")} maxLength={200} />
          </div>
          <div className={styles.wide}>
            <label htmlFor={`${id}-line2`}>
              <Trans>Address line 2 (optional)</Trans>
            </label>
            <input id={`${id}-line2`} autoComplete="address-line2" value={draft.address2} onChange={set("address2")} maxLength={200} />
          </div>
          <div>
            <label htmlFor={`${id}-pincode`}>
              <Trans>Pin code</Trans>
            </label>
            <input
              id={`${id}-pincode`}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              value={draft.pincode}
              aria-invalid={pinError ? true : undefined}
              aria-describedby={pinMessageId}
              onChange={(e) => setDraft((c) => ({ ...c, pincode: e.target.value.replace(/\D/g, "") }))}
            />
          </div>
          <div>
            <label htmlFor={`${id}-city`}>
              <Trans>City</Trans>
            </label>
            <input id={`${id}-city`} readOnly value={place?.city ?? ""} placeholder={t`From the pin code`} />
          </div>
          <div>
            <label htmlFor={`${id}-state`}>
              <Trans>State</Trans>
            </label>
            <input id={`${id}-state`} readOnly value={place?.state ?? ""} placeholder={t`From the pin code`} />
          </div>
        </div>
      )}
      <div id={pinMessageId} aria-live="polite">
        {pinError ? (
          <p className="form-error" role="alert">
            {pinError}
          </p>
        ) : (
          place && (
            <p className={place.serviceability === "oneHour" ? styles.oneHour : styles.promise}>
              {place.delivery ? deliveryWords(place.delivery) : place.message}
            </p>
          )
        )}
      </div>
    </section>
  );
}
