import { useState, type FormEvent } from "react";
import { errorMessage, errorStatus } from "../../../api/client";
import styles from "./forms.module.css";

const SENT = "Mail sent successfully!";
const FAILED = "Failed to send message. Please try again later.";
type Status = { kind: "idle" | "success" | "failure"; text?: string };

/**
 * A support form's state (contact, data deletion): 'Sending...' while it goes, the form
 * cleared after success. A 4xx is about what was typed, so the gateway's message (naming the
 * field) is shown; any other failure gets the specification's message.
 */
export function useSupportForm<T extends Record<string, string>>(empty: T, send: (values: T) => Promise<unknown>) {
  const [values, setValues] = useState(empty);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const set = (field: keyof T) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setStatus({ kind: "idle" });
    try {
      await send(values);
      setValues(empty);
      setStatus({ kind: "success", text: SENT });
    } catch (error) {
      const code = errorStatus(error);
      setStatus({ kind: "failure", text: code !== undefined && code < 500 ? errorMessage(error, FAILED) : FAILED });
    } finally {
      setSending(false);
    }
  };

  return { values, set, sending, status, submit };
}

/** Where the outcome is announced, under the submit button. */
export function FormStatus({ status }: { status: Status }) {
  return (
    <p className={styles.status} role="status" aria-live="polite">
      {status.kind === "success" && <span className="alert alert-success">{status.text}</span>}
      {status.kind === "failure" && <span className="alert alert-danger">{status.text}</span>}
    </p>
  );
}
