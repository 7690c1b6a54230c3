import { rupees } from "../../../lib/money";
import type { components } from "../../../api/schema";
import styles from "../portal.module.css";

type Pending = components["schemas"]["PendingPayment"];

const WHEN = new Intl.DateTimeFormat("en-IN", { timeStyle: "short", dateStyle: "medium" });

/** Payments started but not yet known to be settled: never shown as unpaid, never silently offered again. */
export function PendingPayments({ payments, checking }: { payments: Pending[]; checking: boolean }) {
  if (payments.length === 0) return null;
  return (
    <div className={styles.pending} role="status">
      <p>
        <strong>Payment pending confirmation</strong>
      </p>
      <ul>
        {payments.map((payment) => (
          <li key={payment.orderId}>
            {rupees(payment.amount)}, started {WHEN.format(new Date(payment.startedAt))}
          </li>
        ))}
      </ul>
      <p>{checking ? "Checking with your lender…" : "If you paid, it will show as paid here once your lender confirms it."}</p>
    </div>
  );
}
