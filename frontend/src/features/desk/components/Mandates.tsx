import { Trans, useLingui } from "@lingui/react/macro";
import { DebitsTable } from "../../../components/debits/DebitsTable";
import { dayAndTime } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { CustomerView } from "../api/desk";
import styles from "../desk.module.css";

type Mandate = NonNullable<CustomerView["mandates"]>[number];
type Debit = Mandate["debits"][number];

/** How the mandate debits: UPI AutoPay, or eNACH from the account the borrower gave. */
function MandateMethod({ mandate }: { mandate: Mandate }) {
  if (mandate.method === "upi") return <Trans>UPI AutoPay</Trans>;
  if (mandate.accountEnding && mandate.bankCode) {
    return (
      <Trans>
        eNACH from the account ending {mandate.accountEnding} at {mandate.bankCode}
      </Trans>
    );
  }
  return <Trans>eNACH</Trans>;
}

/** Whether the loan's lender keeps the mandate: its reminders then say AutoPay takes the instalment. */
function LenderTold({ mandate }: { mandate: Mandate }) {
  if (!mandate.lenderToldAt) return <Trans>lender not told yet</Trans>;
  const when = dayAndTime(mandate.lenderToldAt);
  return <Trans>lender told {when}</Trans>;
}

/** The borrower's AutoPay mandates (UPI AutoPay or eNACH, on the lender's account) and each one's debits. */
export function Mandates({ mandates }: { mandates: CustomerView["mandates"] }) {
  const { t } = useLingui();
  if (!mandates || mandates.length === 0) return null;
  // A staff tool's words for a debit: the gateway's status, the bank's reason when it failed, and
  // when the borrower was told (the pre-debit notice, or for `authenticate` the ask to pay it themselves).
  const debitStatus = (debit: Debit): string => {
    const told = debit.noticedAt ? dayAndTime(debit.noticedAt) : null;
    if (debit.failureReason) return `${debit.status} (${debit.failureReason})`;
    return told ? t`${debit.status} (borrower told ${told})` : debit.status;
  };
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
              {mandate.loanNumber}: {mandate.status}, <MandateMethod mandate={mandate} />, up to{" "}
              {rupees(mandate.maxAmount)} a debit, <span className={styles.day}>{mandate.startOn}</span> to{" "}
              <span className={styles.day}>{mandate.endOn}</span>, into {mandate.lenderName}'s account;{" "}
              <LenderTold mandate={mandate} />
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
