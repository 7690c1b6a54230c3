import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { UseMutationResult } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage, errorStatus } from "../../../api/client";
import { firstError, type FieldErrors } from "../../../lib/form-rules";
import styles from "./forms.module.css";

const SENT = msg`Mail sent successfully!`;
const FAILED = msg`Failed to send message. Please try again later.`;
type Status = { kind: "idle" | "success" | "failure"; text?: string };

/** What the page says after a failed send: a 4xx is about what was typed (the gateway's words). */
function failureText(error: unknown, failed: string): string {
  const code = errorStatus(error);
  return code !== undefined && code < 500 ? errorMessage(error, failed) : failed;
}

/**
 * A support form's state (contact, data deletion): each field checked in the page first (its
 * message beside it, the focus on the first field in error), 'Sending...' while it goes, the form
 * cleared after success. A 4xx is about what was typed, so the gateway's message (naming the
 * field) is shown; any other failure gets the specification's message. The send is the feature's
 * TanStack Query mutation (features/site/api/): its state (pending, success, error) is the form's.
 */
export function useSupportForm<T extends Record<string, string>>(
  idPrefix: string,
  empty: T,
  validate: (values: T) => FieldErrors<T>,
  sending: UseMutationResult<unknown, Error, T>,
) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const status: Status = sending.isSuccess
    ? { kind: "success", text: i18n._(SENT) }
    : sending.isError
      ? { kind: "failure", text: failureText(sending.error, i18n._(FAILED)) }
      : { kind: "idle" };

  const set = (field: keyof T) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    // A message goes once the field is being corrected; it comes back at the next submit.
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const id = (field: keyof T) => `${idPrefix}-${String(field)}`;

  /** What an input needs: its id, value, change handler and, in error, the message it is described by. */
  const field = (name: keyof T) => ({
    id: id(name),
    name: String(name),
    value: values[name],
    onChange: set(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id(name)}-error` : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const first = firstError(Object.keys(empty) as (keyof T)[], found);
    if (first !== undefined) {
      document.getElementById(id(first))?.focus();
      return;
    }
    sending.reset();
    sending.mutate(values, { onSuccess: () => setValues(empty) });
  };

  return { values, errors, field, sending: sending.isPending, status, submit };
}

/** A field's message, beside it; the input names it in aria-describedby so it is read out. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="form-error">
      {message}
    </p>
  );
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
