import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { mockRefusal } from "../api/mocks";
import {
  useDeclineDebits,
  useKeptMandates,
  useMandateWord,
  useMandates,
  type MandateWord,
  type QaMandate,
} from "../api/mandates";
import styles from "../qa.module.css";
import { ScrollBox } from "./ScrollBox";
import { TableHead } from "./TableHead";
import { inIndia } from "./when";
import { HeldNote, useWorldLock } from "./worldLock";

// The bank's usual words for a declined debit, as Cashfree passes them on.
// eslint-disable-next-line lingui/no-unlocalized-strings -- the bank's reason, sent to the mock as written
const DEFAULT_REASON = "Insufficient funds in the account";

/**
 * Mandates: every UPI AutoPay and eNACH mandate at the payments mock, newest first, with its
 * debits and whether the loan's lender keeps it (its reminders then say AutoPay will take the
 * instalment); and the outcomes a tester gives: the payer approves or rejects it in their UPI app
 * (or the bank registers it), pauses or resumes it there, the bank cancels it, or declines its next
 * debits.
 */
export function MandatesPanel() {
  const { t } = useLingui();
  const mandates = useMandates();
  const kept = useKeptMandates();
  const lock = useWorldLock();
  const keptIds = new Set((kept.data ?? []).map((one) => one.subscriptionId));
  const listed = mandates.data ?? [];
  return (
    <section id="mandates" aria-labelledby="mandates-title" className={`card ${styles.section}`}>
      <h2 id="mandates-title">
        <Trans>Mandates</Trans>
      </h2>
      {(mandates.isError || kept.isError) && (
        <p className="alert alert-danger" role="alert">
          <Trans>The mandates could not be read.</Trans>
        </p>
      )}
      <ScrollBox label={t`Every mandate, scrollable`}>
        <table className={styles.table} aria-labelledby="mandates-title">
          <TableHead
            columns={[t`Mandate`, t`Loan`, t`Method`, t`Maximum (₹)`, t`Status`, t`Lender keeps it`, t`Debits`]}
          />
          <tbody>
            {listed.map((mandate) => (
              <tr key={mandate.cfSubscriptionId}>
                <th scope="row" className={styles.mono}>
                  {mandate.cfSubscriptionId} <span className={styles.muted}>{mandate.subscriptionId}</span>
                </th>
                <td className={styles.mono}>{mandate.loanNumber ?? "—"}</td>
                <td>{mandate.method === "enach" ? t`eNACH` : t`UPI AutoPay`}</td>
                <td>{mandate.maxAmount}</td>
                <td>
                  {mandate.status}
                  {mandate.declining &&
                    ` · ${t`bank declines the next ${mandate.declining.attempts} attempts (${mandate.declining.failureReason})`}`}
                </td>
                <td>{keptIds.has(mandate.subscriptionId) ? t`yes` : t`no`}</td>
                <td>
                  <Debits mandate={mandate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {mandates.isSuccess && listed.length === 0 && (
        <p className={styles.muted}>
          <Trans>No mandate yet: set up AutoPay on a loan's page.</Trans>
        </p>
      )}
      <HeldNote reason={lock} />
      <Controls mandates={listed} locked={lock !== null} />
    </section>
  );
}

function Debits({ mandate }: { mandate: QaMandate }) {
  const { t } = useLingui();
  const charges = mandate.payments.filter((payment) => payment.type === "CHARGE");
  if (charges.length === 0) return <>—</>;
  return (
    <ul className={styles.plain}>
      {charges.map((charge) => (
        <li key={charge.cfPaymentId}>
          <span className={styles.mono}>{charge.paymentId}</span> ₹{charge.amount} {charge.status},{" "}
          {t`on ${inIndia(charge.scheduledFor)}`}
          {charge.retryAttempts > 0 && ` · ${t`${charge.retryAttempts} retries`}`}
          {charge.failureReason && ` · ${charge.failureReason}`}
        </li>
      ))}
    </ul>
  );
}

function Controls({ mandates, locked }: { mandates: QaMandate[]; locked: boolean }) {
  const { t } = useLingui();
  const word = useMandateWord();
  const decline = useDeclineDebits();
  const [chosen, setChosen] = useState("");
  const [outcome, setOutcome] = useState<MandateWord>("approved");
  const [reason, setReason] = useState(DEFAULT_REASON);
  const [attempts, setAttempts] = useState("4");
  const mandate = chosen || mandates[0]?.cfSubscriptionId || "";
  const outcomes: [MandateWord, string][] = [
    ["approved", t`Approved in the UPI app (eNACH: registered by the bank)`],
    ["rejected", t`Rejected in the UPI app (eNACH: by the bank)`],
    ["authorised", t`eNACH: authorised at the payer's bank, awaiting registration`],
    ["paused", t`Paused by the payer in their UPI app`],
    ["resumed", t`Resumed by the payer in their UPI app`],
    ["cancelled", t`Cancelled at the payer's bank`],
  ];
  const tell = (event: FormEvent) => {
    event.preventDefault();
    if (mandate) word.mutate({ mandate, outcome });
  };
  const declineDebits = (event: FormEvent) => {
    event.preventDefault();
    if (mandate) decline.mutate({ mandate, reason: reason.trim(), attempts: Number(attempts) });
  };
  const refused = word.error ?? decline.error;
  return (
    <>
      <h3 id="mandate-word-title">
        <Trans>The payer's or the bank's word</Trans>
      </h3>
      <form className={styles.row} onSubmit={tell} aria-labelledby="mandate-word-title">
        <label className={styles.field}>
          <Trans>Mandate</Trans>
          <select value={mandate} onChange={(e) => setChosen(e.target.value)} required>
            {mandates.map((one) => (
              <option key={one.cfSubscriptionId} value={one.cfSubscriptionId}>
                {`${one.cfSubscriptionId} · ${one.loanNumber ?? "—"} · ${one.status}`}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <Trans>Word</Trans>
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as MandateWord)}>
            {outcomes.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline" disabled={!mandate || word.isPending || locked}>
          <Trans>Tell the provider</Trans>
        </button>
      </form>
      <h3 id="mandate-decline-title">
        <Trans>The bank declines its next debits</Trans>
      </h3>
      <form className={styles.row} onSubmit={declineDebits} aria-labelledby="mandate-decline-title">
        <label className={styles.field}>
          <Trans>Reason</Trans>
          <input value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={120} />
        </label>
        <label className={styles.field}>
          <Trans>Attempts declined</Trans>
          <input
            type="number"
            min={1}
            max={100}
            value={attempts}
            onChange={(e) => setAttempts(e.target.value)}
            required
          />
        </label>
        <button type="submit" className="btn btn-outline" disabled={!mandate || decline.isPending || locked}>
          <Trans>Decline them</Trans>
        </button>
      </form>
      <p className={styles.muted}>
        <Trans>A UPI debit is tried 4 times (once and 3 retries an hour apart): 4 declined attempts fail it.</Trans>
      </p>
      <div role="status" aria-live="polite">
        {word.data && <p className={styles.muted}>{t`The mandate is now ${word.data.subscription_status}.`}</p>}
        {decline.data && (
          <p className={styles.muted}>{t`The bank will decline the next ${decline.data.attempts} attempts.`}</p>
        )}
        {refused && (
          <p className="alert alert-danger">{mockRefusal(refused) ?? t`The payments mock did not take that.`}</p>
        )}
      </div>
    </>
  );
}
