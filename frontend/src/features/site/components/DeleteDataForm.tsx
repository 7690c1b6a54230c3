import { Trans } from "@lingui/react/macro";
import { emailError, mobileError, nameError } from "../../../lib/form-rules";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import { useSendDeleteData } from "../api/send-delete-data";
import styles from "./forms.module.css";
import { FieldError, FormStatus, useSupportForm } from "./useSupportForm";

const EMPTY = { name: "", email: "", phone: "" };

function validate(values: typeof EMPTY) {
  return { name: nameError(values.name), email: emailError(values.email), phone: mobileError(values.phone) };
}

/**
 * The data-deletion request: name, email, mobile. The specification sets no required flags; the
 * page checks what the gateway would refuse, with the gateway's words, beside each field.
 */
export function DeleteDataForm() {
  const form = useSupportForm("delete", EMPTY, validate, useSendDeleteData());
  const { errors, field } = form;

  return (
    <form
      className={styles.form}
      onSubmit={form.submit}
      aria-labelledby="delete-form-title"
      noValidate
      ref={enableWhenHydrated}
    >
      <h2 id="delete-form-title" className={styles.title}>
        <Trans>Request deletion of your data</Trans>
      </h2>
      <div className={styles.field}>
        <label htmlFor="delete-name">
          <Trans>Name</Trans>
        </label>
        <input {...field("name")} autoComplete="name" />
        <FieldError id="delete-name" message={errors.name} />
      </div>
      <div className={styles.field}>
        <label htmlFor="delete-email">
          <Trans>Email</Trans>
        </label>
        <input {...field("email")} type="email" autoComplete="email" />
        <FieldError id="delete-email" message={errors.email} />
      </div>
      <div className={styles.field}>
        <label htmlFor="delete-phone">
          <Trans>Mobile number</Trans>
        </label>
        <input {...field("phone")} type="number" inputMode="numeric" autoComplete="tel-national" />
        <FieldError id="delete-phone" message={errors.phone} />
      </div>
      <button type="submit" className="btn btn-danger" disabled={form.sending}>
        {form.sending ? <Trans>Sending...</Trans> : <Trans>Submit request</Trans>}
      </button>
      <FormStatus status={form.status} />
    </form>
  );
}
