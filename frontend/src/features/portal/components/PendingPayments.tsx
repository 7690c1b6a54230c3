import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../../api/schema";
import { dayAndTime } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import styles from "../portal.module.css";

type Pending = components["schemas"]["PendingPayment"];

/** Payments started but not yet known to be settled: never shown as unpaid, never silently offered again. */
export function PendingPayments({ payments, checking }: { payments: Pending[]; checking: boolean }) {
  const { t } = useLingui();
  if (payments.length === 0) return null;
  return (
    <div className={styles.pending} role="status">
      <p>
        <strong>
          <Trans>Payment pending confirmation</Trans>
        </strong>
      </p>
      <ul>
        {payments.map((payment) => {
          const amount = rupees(payment.amount);
          const started = dayAndTime(payment.startedAt);
          return <li key={payment.orderId}>{t`${amount}, started ${started}`}</li>;
        })}
      </ul>
      <p>
        {checking ? (
          <Trans>Checking with your lender…</Trans>
        ) : (
          <Trans>If you paid, it will show as paid here once your lender confirms it.</Trans>
        )}
      </p>
    </div>
  );
}
