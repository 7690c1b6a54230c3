import { sendContact } from "../api";
import styles from "./forms.module.css";
import { FormStatus, useSupportForm } from "./useSupportForm";

const EMPTY = { name: "", email: "", phone: "", message: "" };

/** The contact form: every field required; 'Sending...' while it goes; cleared after success. */
export function ContactForm() {
  const { values, set, sending, status, submit } = useSupportForm(EMPTY, sendContact);

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className={styles.title}>Send us a message</h2>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor="contact-name">Name</label>
          <input id="contact-name" name="name" required autoComplete="name" value={values.name} onChange={set("name")} />
        </div>
        <div className={styles.field}>
          <label htmlFor="contact-email">Email</label>
          <input id="contact-email" name="email" type="email" required autoComplete="email" value={values.email} onChange={set("email")} />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-phone">Phone</label>
        <input
          id="contact-phone"
          name="phone"
          type="number"
          required
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phone}
          onChange={set("phone")}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" required rows={5} value={values.message} onChange={set("message")} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? "Sending..." : "Send message"}
      </button>
      <FormStatus status={status} />
    </form>
  );
}
