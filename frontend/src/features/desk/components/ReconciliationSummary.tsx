import { Trans, useLingui } from "@lingui/react/macro";
import { errorMessage } from "../../../api/client";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import { useReconciliation } from "../api/desk";
import { KIND_WORDS } from "./words";
import styles from "../desk.module.css";

/** Today's reconciliation for supervisors: rupees unreconciled and each kind of mismatch. */
export function ReconciliationSummary() {
  const { t, i18n } = useLingui();
  const day = useReconciliation(true);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="desk-reconciliation">
      <h2 id="desk-reconciliation" className={styles.subtitle}>
        <Trans>Reconciliation</Trans>
      </h2>
      {day.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(day.error, t`Could not read today's reconciliation.`)}
        </p>
      )}
      {day.data && (
        <>
          <p>
            <Trans>
              {calendarDay(day.data.date)}: {rupees(day.data.unreconciled)} unreconciled
            </Trans>
          </p>
          <ul className={styles.kinds}>
            {day.data.byKind.map((kind) => (
              <li key={kind.kind}>
                {i18n._(KIND_WORDS[kind.kind]!)}: {kind.count} ({rupees(kind.unreconciled)})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
