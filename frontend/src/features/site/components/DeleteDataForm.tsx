import { useState, type FormEvent } from "react";
import { errorMessage, errorStatus } from "../../../api/client";
import { sendDeleteData } from "../api";
import styles from "./forms.module.css";

const EMPTY = { name: "", email: "", phone: "" };
const FAILED = "Failed to send message. Please try again later.";
type Status = { kind: "idle" | "success" | "failure"; text?: string };

/**
 * The data-deletion request: name, email, mobile. The specification sets no required flags;
 * the gateway checks the fields and its message (which names the field) is shown as it is.
 */
export function DeleteDataForm() {
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
      await sendDeleteData(values);
      setValues(EMPTY);
      setStatus({ kind: "success", text: "Mail sent successfully!" });
    } catch (error) {
      const status = errorStatus(error);
      // A 4xx is about what was typed: say which field. Anything else is our failure.
      const text = status !== undefined && status < 500 ? errorMessage(error, FAILED) : FAILED;
      setStatus({ kind: "failure", text });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="delete-form-title" noValidate>
      <h2 id="delete-form-title" className={styles.title}>Request deletion of your data</h2>
      <div className={styles.field}>
        <label htmlFor="delete-name">Name</label>
        <input id="delete-name" name="name" autoComplete="name" value={values.name} onChange={set("name")} />
      </div>
      <div className={styles.field}>
        <label htmlFor="delete-email">Email</label>
        <input id="delete-email" name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} />
      </div>
      <div className={styles.field}>
        <label htmlFor="delete-phone">Mobile number</label>
        <input
          id="delete-phone"
          name="phone"
          type="number"
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phone}
          onChange={set("phone")}
        />
      </div>
      <button type="submit" className="btn btn-danger" disabled={sending}>
        {sending ? "Sending..." : "Submit request"}
      </button>
      <p className={styles.status} role="status" aria-live="polite">
        {status.kind === "success" && <span className="alert alert-success">{status.text}</span>}
        {status.kind === "failure" && <span className="alert alert-danger">{status.text}</span>}
      </p>
    </form>
  );
}
