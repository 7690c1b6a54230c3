import { Trans, useLingui } from "@lingui/react/macro";
import { emailError, messageError, nameError, phoneError } from "../../../lib/form-rules";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import { useSendContact } from "../api/send-contact";
import styles from "./forms.module.css";
import { FieldError, FormStatus, useSupportForm } from "./useSupportForm";

const EMPTY = { name: "", email: "", phone: "", message: "" };

function validate(values: typeof EMPTY) {
  return {
    name: nameError(values.name),
    email: emailError(values.email),
    phone: phoneError(values.phone),
    message: messageError(values.message),
  };
}

/** The contact form: every field required and checked in the page; a landline with its STD code is a phone too. */
export function ContactForm() {
  const form = useSupportForm("contact", EMPTY, validate, useSendContact());
  const { errors, field } = form;
  const { t } = useLingui();

  return (
    <form
      className={styles.form}
      onSubmit={form.submit}
      aria-labelledby="contact-form-title"
      noValidate
      ref={enableWhenHydrated}
    >
      <h2 id="contact-form-title" className={styles.title}>
        <Trans>Send us a message</Trans>
      </h2>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="contact-name">
            <Trans>Name</Trans>
          </label>
          <input {...field("name")} required autoComplete="name" />
          <FieldError id="contact-name" message={errors.name} />
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email">
            <Trans>Email</Trans>
          </label>
          <input {...field("email")} type="email" required autoComplete="email" />
          <FieldError id="contact-email" message={errors.email} />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-phone">
          <Trans>Phone</Trans>
        </label>
        <input {...field("phone")} type="tel" required inputMode="tel" autoComplete="tel" placeholder={t`Mobile, or landline with STD code`} />
        <FieldError id="contact-phone" message={errors.phone} />
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">
          <Trans>Message</Trans>
        </label>
        <textarea {...field("message")} required rows={5} />
        <FieldError id="contact-message" message={errors.message} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={form.sending}>
        {form.sending ? <Trans>Sending...</Trans> : <Trans>Send message</Trans>}
      </button>
      <FormStatus status={form.status} />
    </form>
  );
}
