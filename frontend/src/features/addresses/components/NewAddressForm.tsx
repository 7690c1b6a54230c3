import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { errorMessage } from "../../../api/client";
import { AddressFields, EMPTY_FORM, type AddressForm, type Field } from "../../../components/addresses/AddressFields";
import { useAddressCheck, type AddressDraft } from "../../../components/addresses/api/check-address";
import { useAddAddress } from "../api/add-address";
import fields from "../../../components/addresses/AddressFields.module.css";
import styles from "./addresses.module.css";

const EVERY_FIELD: ReadonlySet<Field> = new Set(["name", "mobileNumber", "address1", "address2", "pincode"]);

/** A new address for the book, held to the gateway's rules field by field as it is typed (the
 * checkout's form's fields); the new one's mobile is the logged-in shopper's until changed. */
export function NewAddressForm({ mobileNumber }: { mobileNumber: string | null }) {
  const id = useId();
  const { t } = useLingui();
  const [form, setForm] = useState<AddressForm>(EMPTY_FORM);
  const [makeDefault, setMakeDefault] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddAddress();
  const draft: AddressDraft = { ...form, mobileNumber: form.mobileNumber ?? mobileNumber ?? "" };
  // Nothing is asked of the gateway until something is typed.
  const check = useAddressCheck(form === EMPTY_FORM ? null : draft);

  const save = async () => {
    setLeft(EVERY_FIELD);
    const current = check.current;
    if (!current || current.problems.length > 0) return;
    setProblem(null);
    try {
      await add.mutateAsync({ address: { ...draft, name: draft.name.trim() }, makeDefault });
      setForm(EMPTY_FORM);
      setMakeDefault(false);
      setLeft(new Set());
    } catch (error) {
      setProblem(errorMessage(error, t`The address could not be saved. Please try again.`));
    }
  };

  return (
    <section className={`card ${styles.add}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>Add a new address</Trans>
      </h2>
      <div className={styles.form}>
        <AddressFields
          form={form}
          mobileNumber={draft.mobileNumber}
          check={check.shown}
          place={check.shown?.place}
          left={left}
          onLeave={(field) => setLeft((s) => (s.has(field) ? s : new Set(s).add(field)))}
          onChange={setForm}
        />
        <label className={`${styles.wide} ${fields.check}`}>
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
          <Trans>Make this my default address</Trans>
        </label>
        {problem && (
          <p className={`form-error ${styles.wide}`} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.wide}>
          <button type="button" className="btn btn-primary" disabled={add.isPending} onClick={() => void save()}>
            <Trans>Save address</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
