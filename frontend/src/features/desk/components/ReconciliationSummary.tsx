import { Trans, useLingui } from "@lingui/react/macro";
import { errorMessage } from "../../../api/client";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import { useReconciliation } from "../api/desk";
import { KIND_WORDS } from "./words";
import styles from "../desk.module.css";

/**
 * Today's reconciliation for supervisors: rupees unreconciled, each kind of mismatch, and the day's
 * payouts of returns' refunds: paid and matched with the payouts provider, in transit, or failed.
 */
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
          {(day.data.payoutsRecorded ?? 0) > 0 && (
            <ul className={styles.timeline} aria-label={t`Payouts of the day`}>
              {(day.data.payoutsMatched ?? []).map((p) => (
                <li key={p.transferId}>
                  <Trans>
                    {p.reference}: {rupees(p.amount)} paid out and matched, UTR {p.utr ?? "-"}
                  </Trans>
                </li>
              ))}
              {(day.data.payoutsInTransit ?? []).map((p) => (
                <li key={p.transferId}>
                  <Trans>
                    {p.reference}: {rupees(p.amount)} in transit, expected by {calendarDay(p.expectedOn)}
                  </Trans>
                </li>
              ))}
              {(day.data.payoutsFailed ?? []).map((p) => (
                <li key={p.transferId}>
                  <Trans>
                    {p.reference}: {rupees(p.amount)} failed ({p.reason}), waiting on a person
                  </Trans>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
