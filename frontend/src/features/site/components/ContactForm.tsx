import { useState, type FormEvent } from "react";
import { sendContact } from "../api";
import styles from "./forms.module.css";

const EMPTY = { name: "", email: "", phone: "", message: "" };
type Status = { kind: "idle" | "success" | "failure"; text?: string };

/** The contact form: every field required; 'Sending...' while it goes; cleared after success. */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setStatus({ kind: "idle" });
    try {
      await sendContact(values);
      setValues(EMPTY);
      setStatus({ kind: "success", text: "Mail sent successfully!" });
    } catch {
      setStatus({ kind: "failure", text: "Failed to send message. Please try again later." });
    } finally {
      setSending(false);
    }
  };

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
      <p className={styles.status} role="status" aria-live="polite">
        {status.kind === "success" && <span className="alert alert-success">{status.text}</span>}
        {status.kind === "failure" && <span className="alert alert-danger">{status.text}</span>}
      </p>
    </form>
  );
}
