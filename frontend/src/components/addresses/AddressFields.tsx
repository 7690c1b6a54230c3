import { Trans, useLingui } from "@lingui/react/macro";
import { i18n } from "@lingui/core";
import { useId, type Dispatch, type SetStateAction } from "react";
import { wordsFor } from "../../lib/error-messages";
import { placeName } from "../../lib/place-names";
import type { AddressCheck, FieldProblem } from "./api/check-address";
import styles from "./AddressFields.module.css";

export type Field = FieldProblem["field"];

export interface AddressForm {
  name: string;
  /** null: not typed yet, so the logged-in shopper's mobile is shown. */
  mobileNumber: string | null;
  address1: string;
  address2: string;
  pincode: string;
}

export const EMPTY_FORM: AddressForm = { name: "", mobileNumber: null, address1: "", address2: "", pincode: "" };

// Problems of a field not yet finished (empty, too short): said once the shopper leaves the field,
// not while they are still typing it. Every other problem is said as it is typed.
const UNFINISHED = new Set(["name_missing", "mobile_missing", "mobile_length", "address_missing", "pincode_missing", "pincode_length"]);

/**
 * An address's fields, each with its problem under it from the gateway's rules (`check`, the answer
 * of POST /api/addresses/check for what is typed), and the city and state the pin code names:
 * the checkout's address step and the address book's page both show them. Rendered into the
 * caller's grid (its `form` class); `left` are the fields the shopper has left.
 */
export function AddressFields({
  form,
  mobileNumber,
  check,
  place,
  left,
  onLeave,
  onChange,
}: {
  form: AddressForm;
  /** The mobile shown: the one typed, else the logged-in shopper's. */
  mobileNumber: string;
  check: AddressCheck | undefined;
  place: AddressCheck["place"] | undefined;
  left: ReadonlySet<Field>;
  onLeave: (field: Field) => void;
  onChange: Dispatch<SetStateAction<AddressForm>>;
}) {
  const id = useId();
  const { t } = useLingui();

  const problemOf = (field: Field): string | null => {
    const problem = check?.problems.find((p) => p.field === field);
    if (!problem) return null;
    if (UNFINISHED.has(problem.code) && !left.has(field)) return null;
    return wordsFor(problem.code, problem.message) ?? problem.message;
  };
  const set = (field: Exclude<Field, "mobileNumber" | "pincode">) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange((c) => ({ ...c, [field]: event.target.value }));
  const fieldId = (field: string) => `${id}-${field}`;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an element id
  const errorId = (field: string) => `${id}-${field}-error`;
  const input = (field: Field) => {
    const problem = problemOf(field);
    return {
      id: fieldId(field),
      onBlur: () => onLeave(field),
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

  return (
    <>
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
          value={mobileNumber}
          onChange={(e) => onChange((c) => ({ ...c, mobileNumber: e.target.value.replace(/\D/g, "") }))}
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
          onChange={(e) => onChange((c) => ({ ...c, pincode: e.target.value.replace(/\D/g, "") }))}
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
    </>
  );
}
