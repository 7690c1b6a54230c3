import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Fragment, useId } from "react";
import { dayOf, timeOf } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { PaymentRecord } from "../api/get-payment-history";
import { excessRefunded } from "../excess-refund";
import styles from "../portal.module.css";

const STATUS = {
  paid: msg`Paid`,
  failed: msg`Failed`,
  pending: msg`Pending`,
  refunded: msg`Refunded`,
  refundPending: msg`Being refunded`,
  refundCancelled: msg`Refund failed`,
} as const;

/** What a payment the lender did not accept means for the borrower, by where its refund stands. */
const REFUND_NOTE = {
  refunded: msg`The lender did not accept this payment. It was returned to the account you paid from; what you owe has not changed.`,
  refundPending: msg`The lender did not accept this payment. It is being returned to the account you paid from; what you owe has not changed.`,
  refundCancelled: msg`The lender did not accept this payment and your bank could not take the refund back. Our support team has been told and will return your money; what you owe has not changed.`,
} as const;

/** The borrower's payments, newest first: date, amount, status and, once paid, the receipt. */
export function PaymentHistory({ payments }: { payments: PaymentRecord[] }) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <section className={styles.history} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.subtitle}>
        <Trans>Payment history</Trans>
      </h2>
      {payments.length === 0 ? (
        <p>
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <table className={styles.historyTable}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Amount</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <Trans>Receipt</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => {
              const amount = rupees(payment.amount);
              const reference = payment.providerReference;
              const refundReference = payment.refundReference; // paid another way by the support team
              const when = payment.paidAt ?? payment.createdAt;
              // What a payment the lender refused means, on a row of its own across the table: in
              // the status column alone a phone gave it one word a line.
              const note = refundReference
                ? t`The lender did not accept this payment and your bank could not take the refund back, so our support team paid it to you another way (reference ${refundReference}). What you owe has not changed.`
                : payment.status in REFUND_NOTE
                  ? t(REFUND_NOTE[payment.status as keyof typeof REFUND_NOTE])
                  : payment.allocation?.refunded
                    ? t(excessRefunded(rupees(payment.allocation.refunded)))
                    : null;
              return (
                <Fragment key={payment.paymentLogId}>
                  <tr className={note ? styles.withNote : undefined}>
                    <td>
                      <span className={styles.day}>{dayOf(when)}</span>
                      {/* A lender that knows only the day it was paid: the date alone, never a made-up time. */}
                      {payment.timeKnown !== false && <span className={styles.time}> {timeOf(when)}</span>}
                    </td>
                    <td>{amount}</td>
                    <td>
                      <span className={`${styles.status} ${styles[`status_${payment.status}`]}`}>{t(STATUS[payment.status])}</span>
                      {reference && <span className={styles.reference}>{t`Ref. ${reference}`}</span>}
                    </td>
                    <td>
                      {payment.receiptUrl ? (
                        <a href={payment.receiptUrl} download>
                          <Trans>
                            Receipt<span className="visually-hidden"> for {amount}</span> (PDF)
                          </Trans>
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                  {note && (
                    <tr className={styles.noteRow}>
                      <td colSpan={4}>{note}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
