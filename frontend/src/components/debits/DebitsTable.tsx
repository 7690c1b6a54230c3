import { useId, type ReactNode } from "react";
import { rupees } from "../../lib/money";
import styles from "./DebitsTable.module.css";

/** One debit of an AutoPay mandate, as both the loan page and the desk receive it. */
export interface MandateDebit {
  paymentId: string;
  dueOn: string;
  amount: string;
  status: string;
}

/** A mandate's debits: the due date, the amount and the screen's own words for its status. The
 * borrower's loan page and the desk's customer view both show them, each with its own headings,
 * date format and table look (`className`); the date and the amount stay on one line each (a
 * Hindi month too), and on a phone the table scrolls sideways inside its card instead. Holds no
 * words of its own: each screen's stay in its feature's catalog. */
export function DebitsTable<Debit extends MandateDebit>({
  mandateId,
  debits,
  caption,
  headings,
  day,
  status,
  className,
}: {
  mandateId: string;
  debits: readonly Debit[];
  caption: ReactNode;
  headings: { dueOn: ReactNode; amount: ReactNode; status: ReactNode };
  day: (isoDate: string) => string;
  status: (debit: Debit) => ReactNode;
  className?: string;
}) {
  const captionId = useId();
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen (as the schedule's).
    <div className={styles.wrap} tabIndex={0} role="group" aria-labelledby={captionId}>
      <table className={[styles.debits, className].filter(Boolean).join(" ")} data-mandate-id={mandateId}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{headings.dueOn}</th>
            <th scope="col" className={styles.number}>
              {headings.amount}
            </th>
            <th scope="col">{headings.status}</th>
          </tr>
        </thead>
        <tbody>
          {debits.map((debit) => (
            <tr key={debit.paymentId} data-payment-id={debit.paymentId}>
              <td className={styles.date}>{day(debit.dueOn)}</td>
              <td className={styles.number}>{rupees(debit.amount)}</td>
              <td className={styles.status}>{status(debit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
