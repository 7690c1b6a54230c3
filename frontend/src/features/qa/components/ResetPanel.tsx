import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorMessage } from "../../../api/client";
import { Dialog } from "../../../components/Dialog";
import { mockRefusal, useResetWorld } from "../api/mocks";
import styles from "../qa.module.css";
import { OrderControls } from "./OrderControls";
import { HeldNote, useWorldLock } from "./worldLock";

/** Reset the world: seed data back, outboxes, journal and scenarios empty, the clock real. Asked first. */
export function ResetPanel() {
  const { t } = useLingui();
  const reset = useResetWorld();
  const [asking, setAsking] = useState(false);
  const lock = useWorldLock();
  return (
    <section id="world" aria-labelledby="world-title" className={`card ${styles.section}`}>
      <h2 id="world-title">
        <Trans>The world</Trans>
      </h2>
      <HeldNote reason={lock} />
      <OrderControls locked={lock !== null} />
      <h3 id="reset-title">
        <Trans>Reset</Trans>
      </h3>
      <p className={styles.muted}>
        <Trans>
          Reset puts every mock's seed data back, empties the outboxes and the journal, clears every fault and sets
          the clock to real time. Logins in the gateway stay.
        </Trans>
      </p>
      <div role="status" aria-live="polite">
        {reset.isSuccess && <p className="alert alert-success">{t`The world is reset.`}</p>}
      </div>
      {reset.error && (
        <p className="alert alert-danger" role="alert">
          {mockRefusal(reset.error) ?? errorMessage(reset.error, t`The mocks could not be reset.`)}
        </p>
      )}
      <div className={styles.row}>
        <button type="button" className="btn btn-danger" disabled={reset.isPending || lock !== null} onClick={() => setAsking(true)}>
          <Trans>Reset the world</Trans>
        </button>
      </div>
      <Dialog open={asking} title={t`Reset the world?`} onClose={() => setAsking(false)}>
        <p>
          <Trans>Every tester using these mocks loses what they set up: seed data, outboxes, journal, faults and clock.</Trans>
        </p>
        <div className={styles.row}>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setAsking(false);
              reset.mutate();
            }}
          >
            <Trans>Yes, reset everything</Trans>
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setAsking(false)}>
            <Trans>Go back</Trans>
          </button>
        </div>
      </Dialog>
    </section>
  );
}
