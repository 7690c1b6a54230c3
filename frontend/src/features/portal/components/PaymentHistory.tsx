import { useId } from "react";
import { rupees } from "../../../lib/money";
import type { PaymentRecord } from "../api/get-payment-history";
import styles from "../portal.module.css";

const STATUS: Record<PaymentRecord["status"], string> = { paid: "Paid", failed: "Failed", pending: "Pending" };

const WHEN = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** The borrower's payments, newest first: date, amount, status and, once paid, the receipt. */
export function PaymentHistory({ payments }: { payments: PaymentRecord[] }) {
  const titleId = useId();
  return (
    <section className={styles.history} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.subtitle}>
        Payment history
      </h2>
      {payments.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <table className={styles.historyTable}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Receipt</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.paymentLogId}>
                <td>{WHEN.format(new Date(payment.paidAt ?? payment.createdAt))}</td>
                <td>{rupees(payment.amount)}</td>
                <td>
                  <span className={`${styles.status} ${styles[`status_${payment.status}`]}`}>
                    {STATUS[payment.status]}
                  </span>
                  {payment.providerReference && <span className={styles.reference}>Ref. {payment.providerReference}</span>}
                </td>
                <td>
                  {payment.receiptUrl ? (
                    <a href={payment.receiptUrl} download>
                      Receipt<span className="visually-hidden"> for {rupees(payment.amount)}</span> (PDF)
                    </a>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
