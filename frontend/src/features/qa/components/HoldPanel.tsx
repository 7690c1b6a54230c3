import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { givenName, mockRefusal, rememberName, useHold, useReleaseHold, useTakeHold } from "../api/mocks";
import styles from "../qa.module.css";
import { inIndia } from "./when";

/**
 * The hold on the shared world, shown to everyone: who holds it, since and until when; taken,
 * renewed and released here. Without a QA login to name the tester, their name is asked for.
 */
export function HoldPanel() {
  const { t } = useLingui();
  const hold = useHold();
  const take = useTakeHold();
  const release = useReleaseHold();
  const [name, setName] = useState(() => givenName() ?? "");
  const [minutes, setMinutes] = useState("60");
  const view = hold.data;
  const needsName = view !== undefined && !view.you;
  const busy = take.isPending || release.isPending;
  const failure = take.error ?? release.error;
  const holder = view?.holder ?? "";
  const since = view?.since ? inIndia(view.since) : "";
  const until = view?.until ? inIndia(view.until) : "";
  const you = view?.you ?? "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asked = Number.parseInt(minutes, 10);
    take.mutate({ minutes: Number.isNaN(asked) ? 60 : asked, ...(needsName ? { name: name.trim() } : {}) });
  };

  return (
    <section id="hold" aria-labelledby="hold-title" className={`card ${styles.section}`}>
      <h2 id="hold-title">
        <Trans>Hold on the shared world</Trans>
      </h2>
      <div role="status" aria-live="polite">
        {!view ? (
          <p className={styles.muted}>{hold.isError ? t`Who holds the mocks could not be read.` : t`Reading who holds the mocks…`}</p>
        ) : view.held && view.yours ? (
          <p className="alert alert-success">
            <Trans>
              You ({holder}) hold the shared mocks since {since} until {until} (India time): the others can read, not
              change, the world.
            </Trans>
          </p>
        ) : view.held ? (
          <p className="alert alert-warning">
            <Trans>
              Held by {holder} since {since} until {until} (India time). The controls that change the world are off for
              you until they release it or the hold lapses.
            </Trans>
          </p>
        ) : (
          <p className={styles.muted}>
            <Trans>Nobody holds the mocks: every tester's changes reach everyone. Take the hold before changing the world.</Trans>
          </p>
        )}
      </div>
      {failure && (
        <p className="alert alert-danger" role="alert">
          {mockRefusal(failure) ?? errorMessage(failure, t`The mocks did not take that.`)}
        </p>
      )}
      {view && (!view.held || view.yours) && (
        <form className={styles.row} onSubmit={submit} aria-label={t`Take the hold`}>
          {needsName ? (
            <label className={styles.field}>
              <Trans>Your name</Trans>
              <input
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                maxLength={60}
                pattern="[A-Za-z0-9._ \-]+"
                autoComplete="name"
              />
            </label>
          ) : (
            <p className={styles.muted}>
              <Trans>You are {you}.</Trans>
            </p>
          )}
          <label className={styles.field}>
            <Trans>Hold for (minutes)</Trans>
            <input type="number" min={1} max={480} step={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
          </label>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {view.yours ? <Trans>Renew the hold</Trans> : <Trans>Take the hold</Trans>}
          </button>
          {view.yours && (
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => release.mutate()}>
              <Trans>Release the hold</Trans>
            </button>
          )}
        </form>
      )}
      {view?.you && givenName() === view.you && !view.yours && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            rememberName(null);
            setName("");
            void hold.refetch();
          }}
        >
          <Trans>Not {you}?</Trans>
        </button>
      )}
      <p className={styles.muted}>
        <Trans>
          A hold lapses by itself after its minutes (real time, not the mocks' clock), so a forgotten one blocks nobody
          for long. Reading stays open to everyone.
        </Trans>
      </p>
    </section>
  );
}
