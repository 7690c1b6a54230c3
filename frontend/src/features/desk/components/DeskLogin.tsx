import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { useDeskLogin } from "../api/desk";
import styles from "../desk.module.css";

/** The desk's own login: a staff name and secret (never a customer's mobile number and code). */
export function DeskLogin() {
  const { t } = useLingui();
  const login = useDeskLogin();
  const [name, setName] = useState("");
  const [secret, setSecret] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ name: name.trim(), secret });
  };
  return (
    <form className={`card ${styles.panel}`} onSubmit={submit} aria-labelledby="desk-login">
      <h1 id="desk-login" className={styles.title}>
        <Trans>Support desk</Trans>
      </h1>
      <label className={styles.field}>
        <Trans>Staff name</Trans>
        <input className="form-control" autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <label className={styles.field}>
        <Trans>Secret</Trans>
        <input
          className="form-control"
          type="password"
          autoComplete="current-password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          required
        />
      </label>
      {login.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(login.error, t`Could not log in. Please try again.`)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={login.isPending}>
        <Trans>Log in</Trans>
      </button>
    </form>
  );
}
