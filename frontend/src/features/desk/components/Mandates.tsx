import { Trans } from "@lingui/react/macro";
import { DebitsTable } from "../../../components/debits/DebitsTable";
import { rupees } from "../../../lib/money";
import type { CustomerView } from "../api/desk";
import styles from "../desk.module.css";

type Debit = NonNullable<CustomerView["mandates"]>[number]["debits"][number];

/** A staff tool's words for a debit: the gateway's status, and the bank's reason when it failed. */
function debitStatus(debit: Debit): string {
  return debit.failureReason ? `${debit.status} (${debit.failureReason})` : debit.status;
}

/** The borrower's AutoPay mandates (UPI AutoPay on the lender's account) and each one's debits. */
export function Mandates({ mandates }: { mandates: CustomerView["mandates"] }) {
  if (!mandates || mandates.length === 0) return null;
  return (
    <section aria-labelledby="desk-mandates">
      <h3 id="desk-mandates" className={styles.subtitle}>
        <Trans>AutoPay mandates</Trans>
      </h3>
      {mandates.map((mandate) => (
        <DebitsTable
          key={mandate.mandateId}
          mandateId={mandate.mandateId}
          debits={mandate.debits}
          caption={
            <Trans>
              {mandate.loanNumber}: {mandate.status}, up to {rupees(mandate.maxAmount)} a debit,{" "}
              <span className={styles.day}>{mandate.startOn}</span> to <span className={styles.day}>{mandate.endOn}</span>, into{" "}
              {mandate.lenderName}'s account
            </Trans>
          }
          headings={{ dueOn: <Trans>Due on</Trans>, amount: <Trans>Amount</Trans>, status: <Trans>Debit</Trans> }}
          day={(isoDate) => isoDate}
          status={debitStatus}
          className={styles.debits}
        />
      ))}
    </section>
  );
}
