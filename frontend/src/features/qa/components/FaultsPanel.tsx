import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { mockRefusal, useClearFaults, useScenarios, useSetFault, type Scenario } from "../api/mocks";
import { MockSelect } from "./MockSelect";
import styles from "../qa.module.css";
import { FineractSwitchesPanel } from "./FineractSwitches";
import { isSet, namedFaults } from "./faults";
import { HeldNote, useWorldLock } from "./worldLock";


/** Faults and scenarios: named ones set and cleared with one click, any other composed, all off at once. */
export function FaultsPanel() {
  const { t, i18n } = useLingui();
  const active = useScenarios();
  const setFault = useSetFault();
  const clear = useClearFaults();
  const faults = namedFaults().map((fault) => ({ ...fault, name: i18n._(fault.name), what: i18n._(fault.what) }));
  /** What one scenario does, in a line. */
  const described = (s: Scenario) =>
    [
      s.status ? t`answers ${s.status}` : "",
      s.delayMs ? t`waits ${s.delayMs} ms` : "",
      s.drop ? t`drops the connection` : "",
      s.after ? t`after doing the work` : "",
      s.webhook ? t`webhooks: ${s.webhook}` : "",
      s.refund ? t`refunds: ${s.refund}` : "",
      s.times != null ? t`${s.times} more times` : "",
    ]
      .filter(Boolean)
      .join(", ");
  const scenarios = active.data ?? [];
  const [mock, setMock] = useState("lending");
  const [path, setPath] = useState("*");
  const [status, setStatus] = useState("503");
  const [delay, setDelay] = useState("0");
  const [drop, setDrop] = useState(false);
  const [times, setTimes] = useState("");
  const failure = setFault.error ?? clear.error;
  const lock = useWorldLock();

  const compose = (event: FormEvent) => {
    event.preventDefault();
    const scenario: Scenario = { mock, path: path.trim() || "*" };
    if (Number(status) > 0) scenario.status = Number(status);
    if (Number(delay) > 0) scenario.delayMs = Number(delay);
    if (drop) scenario.drop = true;
    if (Number(times) > 0) scenario.times = Number(times);
    setFault.mutate([scenario]);
  };

  return (
    <section id="faults" aria-labelledby="faults-title" className={`card ${styles.section}`}>
      <h2 id="faults-title">
        <Trans>Faults</Trans>
      </h2>
      {failure && (
        <p className="alert alert-danger" role="alert">
          {mockRefusal(failure) ?? errorMessage(failure, t`The mocks did not take that scenario.`)}
        </p>
      )}
      <HeldNote reason={lock} />
      <ul className={styles.faults}>
        {faults.map((fault) => {
          const on = fault.scenarios.every((s) => isSet(s, scenarios));
          return (
            <li key={fault.id} className={`${styles.fault} ${on ? styles.on : ""}`}>
              <strong id={`fault-${fault.id}`}>{fault.name}</strong>
              <p>{fault.what}</p>
              <button
                type="button"
                className={on ? "btn btn-danger" : "btn btn-outline"}
                aria-pressed={on}
                aria-describedby={`fault-${fault.id}`}
                disabled={setFault.isPending || clear.isPending || active.isPending || lock !== null}
                onClick={() => (on ? clear.mutate(fault.scenarios) : setFault.mutate(fault.scenarios))}
              >
                {on ? t`Clear: ${fault.name}` : t`Set: ${fault.name}`}
              </button>
            </li>
          );
        })}
      </ul>

      <h3 id="active-title">
        <Trans>Scenarios on now</Trans>
      </h3>
      <div role="status" aria-live="polite">
        {scenarios.length === 0 ? (
          <p className={styles.muted}>
            <Trans>None: every mock answers as itself.</Trans>
          </p>
        ) : (
          <ul aria-labelledby="active-title">
            {scenarios.map((s, index) => (
              <li key={index}>
                <span className={styles.mono}>
                  {s.mock} {s.method && s.method !== "*" ? s.method : ""} /{s.path}
                </span>{" "}
                {described(s)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.row}>
        <button
          type="button"
          className="btn btn-primary"
          disabled={scenarios.length === 0 || clear.isPending || lock !== null}
          onClick={() => clear.mutate(null)}
        >
          <Trans>Clear every fault</Trans>
        </button>
      </div>

      <h3 id="compose-title">
        <Trans>Any other scenario</Trans>
      </h3>
      <form className={styles.row} onSubmit={compose} aria-labelledby="compose-title">
        <MockSelect value={mock} onChange={setMock} />
        <label className={styles.field}>
          <Trans>Path inside the mock (* for all)</Trans>
          <input value={path} onChange={(e) => setPath(e.target.value)} className={styles.mono} />
        </label>
        <label className={styles.field}>
          <Trans>Answer status (0: the real answer)</Trans>
          <input type="number" min={0} max={599} value={status} onChange={(e) => setStatus(e.target.value)} />
        </label>
        <label className={styles.field}>
          <Trans>Delay (ms)</Trans>
          <input type="number" min={0} step={100} value={delay} onChange={(e) => setDelay(e.target.value)} />
        </label>
        <label className={styles.field}>
          <Trans>Times (empty: until cleared)</Trans>
          <input type="number" min={1} value={times} onChange={(e) => setTimes(e.target.value)} />
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={drop} onChange={(e) => setDrop(e.target.checked)} /> <Trans>Drop the connection</Trans>
        </label>
        <button type="submit" className="btn btn-outline" disabled={setFault.isPending || lock !== null}>
          <Trans>Add scenario</Trans>
        </button>
      </form>
      <FineractSwitchesPanel locked={lock !== null} />
    </section>
  );
}
