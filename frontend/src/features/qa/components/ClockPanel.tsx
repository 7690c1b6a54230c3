import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { mockRefusal, useClock, useMoveClock, useRealClock } from "../api/mocks";
import styles from "../qa.module.css";
import { DuesTable } from "./DuesTable";
import { inIndia } from "./when";
import { HeldNote, useWorldLock } from "./worldLock";

function whole(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? 0 : n;
}

/** The one clock every mock and the gateway's rules read: where it is, moved, set, or real again. */
export function ClockPanel() {
  const { t } = useLingui();
  const clock = useClock();
  const move = useMoveClock();
  const real = useRealClock();
  const [days, setDays] = useState("0");
  const [hours, setHours] = useState("0");
  const [minutes, setMinutes] = useState("0");
  const [moment, setMoment] = useState("");
  const busy = move.isPending || real.isPending;
  const lock = useWorldLock();
  const failure = move.error ?? real.error ?? clock.error;

  const moveBy = (event: FormEvent) => {
    event.preventDefault();
    move.mutate({ days: whole(days), hours: whole(hours), minutes: whole(minutes) });
  };
  const setTo = (event: FormEvent) => {
    event.preventDefault();
    // The picker's moment is India's: the clock takes it with its offset.
    if (moment) move.mutate({ at: `${moment.length === 16 ? `${moment}:00` : moment}+05:30` });
  };
  const offset = clock.data?.offsetSeconds ?? 0;
  const offsetHours = Math.round((offset / 3600) * 10) / 10;

  return (
    <section id="clock" aria-labelledby="clock-title" className={`card ${styles.section}`}>
      <h2 id="clock-title">
        <Trans>The one clock</Trans>
      </h2>
      <div role="status" aria-live="polite" aria-busy={busy}>
        {clock.data ? (
          <>
            <p className={styles.now}>
              <Trans>
                Now: {inIndia(clock.data.now)} (India), today {clock.data.today}
              </Trans>
            </p>
            <p className={styles.muted}>
              {offset === 0 ? <Trans>Real time.</Trans> : <Trans>{offsetHours} hours from real time.</Trans>}
              {busy && (
                <>
                  {" "}
                  <Trans>Moving the clock: reminders due on the way are being sent…</Trans>
                </>
              )}
            </p>
          </>
        ) : (
          <p className={styles.muted}>{clock.isError ? t`The clock could not be read.` : t`Reading the clock…`}</p>
        )}
      </div>
      {failure && (
        <p className="alert alert-danger" role="alert">
          {mockRefusal(failure) ?? errorMessage(failure, t`The mocks did not take that. Check the values and try again.`)}
        </p>
      )}
      <HeldNote reason={lock} />
      <form className={styles.row} onSubmit={moveBy} aria-label={t`Move the clock by`}>
        <label className={styles.field}>
          <Trans>Days</Trans>
          <input type="number" step={1} value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <label className={styles.field}>
          <Trans>Hours</Trans>
          <input type="number" step={1} value={hours} onChange={(e) => setHours(e.target.value)} />
        </label>
        <label className={styles.field}>
          <Trans>Minutes</Trans>
          <input type="number" step={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || lock !== null}>
          <Trans>Move the clock</Trans>
        </button>
      </form>
      <form className={styles.row} onSubmit={setTo} aria-label={t`Set the clock to a moment`}>
        <label className={styles.field}>
          <Trans>A moment, India time</Trans>
          <input type="datetime-local" step={60} value={moment} onChange={(e) => setMoment(e.target.value)} required />
        </label>
        <button type="submit" className="btn btn-outline" disabled={busy || lock !== null}>
          <Trans>Set the clock</Trans>
        </button>
        <button type="button" className="btn btn-outline" disabled={busy || offset === 0 || lock !== null} onClick={() => real.mutate()}>
          <Trans>Back to real time</Trans>
        </button>
      </form>
      <p className={styles.muted}>
        <Trans>
          Forward, the clock walks in 15-minute steps and the mocks do what falls due on the way; backward, it jumps.
        </Trans>
      </p>
      <DuesTable />
    </section>
  );
}
