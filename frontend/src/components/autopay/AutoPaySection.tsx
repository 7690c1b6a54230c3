import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { ApiError, errorCode, errorMessage } from "../../api/client";
import { calendarDay } from "../../lib/dates";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { rupees } from "../../lib/money";
import { DebitsTable } from "../debits/DebitsTable";
import { LoadingOverlay } from "../LoadingOverlay";
import type { AutoPayAccount } from "./api/account";
import { useAutoPay, useChangeAutoPay, useSetUpAutoPay, type AutoPay, type AutoPayAction, type AutoPayMandate } from "./api/autopay";
import styles from "./AutoPay.module.css";
import { EMPTY_BANK, EnachFields, type EnachBank } from "./EnachFields";

type RefusedField = { error?: { field?: string | null } };
type Debit = AutoPayMandate["debits"][number];
type Frequency = AutoPayMandate["frequency"];
type Terms = NonNullable<AutoPay["terms"]>;

function MandateStatus({ mandate }: { mandate: AutoPayMandate }) {
  switch (mandate.status) {
    case "pendingApproval":
      if (mandate.bankApprovalPending) return <Trans>Approved by you: waiting for your bank to register it</Trans>;
      if (mandate.method === "enach") return <Trans>Waiting for your approval at your bank</Trans>;
      return <Trans>Waiting for your approval in your UPI app</Trans>;
    case "active":
      return <Trans>Active</Trans>;
    case "paused":
      return <Trans>Paused</Trans>;
    case "cancelled":
      return <Trans>Cancelled</Trans>;
    case "completed":
      return <Trans>Completed</Trans>;
    default:
      return <Trans>Expired</Trans>;
  }
}

/** `limit`: the e-mandate limit without fresh authentication, as the gateway says it (none: unknown). */
function DebitStatus({ debit, limit }: { debit: Debit; limit: string | null }) {
  switch (debit.status) {
    case "planned":
      return <Trans>Planned</Trans>;
    case "noticed":
      return <Trans>Notice sent: will be debited</Trans>;
    case "debited":
      return <Trans>Debited and paid</Trans>;
    case "failed":
      return <Trans>Debit failed</Trans>;
    case "cancelled":
      return <Trans>Not debited</Trans>;
    case "refunded":
      return <Trans>Refunded</Trans>;
    default: {
      if (limit === null) return <Trans>Above the limit</Trans>;
      const most = rupees(limit);
      return <Trans>Above {most}</Trans>;
    }
  }
}

/** The account an eNACH mandate debits, as the borrower gave it: its last four digits and its bank. */
function DebitedFrom({ account }: { account: { ending: string; bank: string } }) {
  const { ending, bank } = account;
  return (
    <div>
      <dt>
        <Trans>Debited from</Trans>
      </dt>
      <dd>
        <Trans>
          Account ending {ending} at {bank}
        </Trans>
      </dd>
    </div>
  );
}

/** What the borrower does about a failed or too-large debit: under the table, not in its cell, so
 * the status column stays a few words wide and a phone keeps the date and amount beside it. */
function DebitNotes({ debits, limit, frequency }: { debits: readonly Debit[]; limit: string | null; frequency: Frequency }) {
  const failed = debits.some((debit) => debit.status === "failed");
  const refunded = debits.some((debit) => debit.status === "refunded");
  const most = limit === null ? "" : rupees(limit);
  const authenticate = debits.some((debit) => debit.status === "authenticate");
  if (!failed && !refunded && !authenticate) return null;
  return (
    <>
      {failed && (
        <p>
          <Trans>A failed debit is now an ordinary due: please pay it from the reminder's link.</Trans>
        </p>
      )}
      {refunded && frequency === "monthly" && (
        <p>
          <Trans>
            Your lender did not accept a debit: its full amount is refunded to the account it was taken from, and that
            instalment is still due: please pay it from the reminder's link.
          </Trans>
        </p>
      )}
      {refunded && frequency === "onEachDueDate" && (
        <p>
          <Trans>
            Your lender did not accept a debit: its full amount is refunded to the account it was taken from, and that amount
            is still due on your line: please pay it from the reminder's link.
          </Trans>
        </p>
      )}
      {authenticate && limit !== null && (
        <p>
          <Trans>A debit above {most} needs your fresh authentication, so AutoPay does not take it: please pay it yourself.</Trans>
        </p>
      )}
      {authenticate && limit === null && (
        <p>
          <Trans>A debit above the e-mandate limit needs your fresh authentication, so AutoPay does not take it: please pay it yourself.</Trans>
        </p>
      )}
    </>
  );
}

/** How often a mandate debits: a loan's instalments monthly; a line's dues on each due date, the least to pay by then. */
function HowOften({ frequency }: { frequency: Frequency }) {
  if (frequency === "onEachDueDate") return <Trans>On each due date: the least to pay by then</Trans>;
  return <Trans>Monthly, on each instalment's due date</Trans>;
}

/** The terms a mandate would have, in one sentence above the form: a loan's or a line's. */
function TermsOffered({ terms }: { terms: Terms }) {
  const most = rupees(terms.maxAmount);
  const from = calendarDay(terms.startOn);
  const until = calendarDay(terms.endOn);
  const lender = terms.lenderName;
  if (terms.frequency === "onEachDueDate") {
    return (
      <Trans>
        Pay your line's dues by AutoPay: on each due date, the least to pay by then, at most {most} a debit, from {from} to{" "}
        {until}, into {lender}'s account. You get a notice at least 24 hours before each debit.
      </Trans>
    );
  }
  // A loan's sentence is written as it was, so its message (and its Hindi) keeps its id.
  return (
    <Trans>
      Pay each instalment by AutoPay: at most {rupees(terms.maxAmount)} a debit, monthly from {calendarDay(terms.startOn)} to{" "}
      {calendarDay(terms.endOn)}, into {terms.lenderName}'s account. You get a notice at least 24 hours before each debit.
    </Trans>
  );
}

interface AutoPaySectionProps {
  /** The loan or the credit line whose dues the mandate pays. */
  account: AutoPayAccount;
  enabled: boolean;
  /** Inside another card (a credit line's, under its h2): an h3, set apart by a rule rather than a card of its own. */
  nested?: boolean;
}

/** AutoPay for a loan's instalments (the loan page) or a credit line's dues (/credit): the terms a
 * mandate would have (at most, how often, from when to when, and the lender whose account it
 * pays), set up once per attempt by UPI AutoPay (approved in the UPI app) or eNACH (on the
 * borrower's bank account, approved at the bank); then its status and debits, and pausing,
 * resuming or cancelling it. */
export function AutoPaySection({ account, enabled, nested = false }: AutoPaySectionProps) {
  const { t } = useLingui();
  // Unique per section: /credit shows one for each open line.
  const id = useId();
  const headingId = `autopay${id}`;
  const emailId = `autopay-email${id}`;
  const autopay = useAutoPay(account, { enabled });
  const setUp = useSetUpAutoPay(account);
  const change = useChangeAutoPay(account);
  const [email, setEmail] = useState("");
  const [method, setMethod] = useState<AutoPayMandate["method"]>("upi");
  const [bank, setBank] = useState<EnachBank>(EMPTY_BANK);
  const [key, setKey] = useState(newIdempotencyKey);
  // The field the gateway refused (e.g. `bank.ifsc`), marked on its input.
  const refused = setUp.error instanceof ApiError ? (setUp.error.response?.data as RefusedField | undefined)?.error?.field : null;
  const invalid = (field: string): true | undefined => (refused === field ? true : undefined);

  // eNACH's refusals are worded here, not in the app-wide table (its first visit's size budget).
  const bankRefusal = (code: string | undefined) =>
    code === "enach_bank_unsupported"
      ? t`This bank does not offer eNACH mandates. Please choose UPI AutoPay, or an account at another bank.`
      : code === "enach_auth_mode_unsupported"
        ? t`Your bank does not offer this way of approving an eNACH mandate. Please choose another.`
        : undefined;
  // The app-wide table words AutoPay's refusals for a loan; a line's say "credit line" instead.
  const lineRefusal = (code: string | undefined) => {
    if (account.kind !== "line") return undefined;
    switch (code) {
      case "autopay_unavailable":
        return t`AutoPay is not offered for this lender's credit lines yet.`;
      case "autopay_exists":
        return t`AutoPay is already set up for this credit line.`;
      case "autopay_nothing_to_collect":
        return t`This credit line has nothing to collect by AutoPay.`;
      case "autopay_not_found":
        return t`AutoPay is not set up for this credit line.`;
      default:
        return undefined;
    }
  };
  const refusal = (error: unknown, fallback: string) => lineRefusal(errorCode(error)) ?? errorMessage(error, fallback);
  const mandate = autopay.data?.mandate ?? null;
  const live = mandate !== null && ["pendingApproval", "active", "paused"].includes(mandate.status);
  const terms = autopay.data?.terms ?? null;
  const act = (action: AutoPayAction) => change.mutate({ action, key: newIdempotencyKey() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = method === "enach" ? { email, method, bank } : { email, method };
    setUp.mutate({ body, key }, { onSuccess: () => setKey(newIdempotencyKey()) });
  };
  const Heading = nested ? "h3" : "h2";
  const number = account.number;

  return (
    <section className={`${styles.autopay} ${nested ? styles.nested : "card"}`} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.subtitle}>
        {account.kind === "line" ? (
          // The line's number for a screen reader: each line's card has its own AutoPay.
          <Trans>
            AutoPay<span className="visually-hidden"> (credit line {number})</span>
          </Trans>
        ) : (
          <Trans>AutoPay</Trans>
        )}
      </Heading>
      {autopay.isError && (
        <p className="alert alert-danger" role="alert">
          {refusal(autopay.error, t`AutoPay could not be read. Please try again.`)}
        </p>
      )}
      {mandate && (
        <>
          <p role="status" aria-label={t`AutoPay status`}>
            <MandateStatus mandate={mandate} />
          </p>
          <dl className={styles.figures}>
            <div>
              <dt>
                <Trans>Most per debit</Trans>
              </dt>
              <dd>{rupees(mandate.maxAmount)}</dd>
            </div>
            <div>
              <dt>
                <Trans>How often</Trans>
              </dt>
              <dd>
                <HowOften frequency={mandate.frequency} />
              </dd>
            </div>
            <div>
              <dt>
                <Trans>From</Trans>
              </dt>
              <dd>{calendarDay(mandate.startOn)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Until</Trans>
              </dt>
              <dd>{calendarDay(mandate.endOn)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Paid into the account of</Trans>
              </dt>
              <dd>{mandate.lenderName}</dd>
            </div>
            {mandate.debitedAccount && <DebitedFrom account={mandate.debitedAccount} />}
          </dl>
          {mandate.status === "pendingApproval" && mandate.approvalLink && (
            <p>
              {mandate.method === "enach" ? (
                <a className="btn btn-primary" href={mandate.approvalLink} target="_blank" rel="noopener noreferrer">
                  <Trans>Approve at your bank</Trans>
                </a>
              ) : (
                <a className="btn btn-primary" href={mandate.approvalLink}>
                  <Trans>Approve in your UPI app</Trans>
                </a>
              )}{" "}
              <button type="button" className="btn btn-outline" onClick={() => void autopay.refetch()}>
                <Trans>I have approved it</Trans>
              </button>
            </p>
          )}
          {mandate.debits.length > 0 && (
            <DebitsTable
              mandateId={mandate.mandateId}
              debits={mandate.debits}
              className={styles.table}
              caption={<Trans>Debits</Trans>}
              headings={{ dueOn: <Trans>Due on</Trans>, amount: <Trans>Amount</Trans>, status: <Trans>Status</Trans> }}
              day={calendarDay}
              status={(debit) => <DebitStatus debit={debit} limit={terms?.authenticationLimit ?? null} />}
            />
          )}
          <DebitNotes debits={mandate.debits} limit={terms?.authenticationLimit ?? null} frequency={mandate.frequency} />
          {change.isError && (
            <p className="alert alert-danger" role="alert">
              {refusal(change.error, t`AutoPay could not be changed. Please try again.`)}
            </p>
          )}
          {live && (
            <p className={styles.links}>
              {mandate.status === "active" && (
                <button type="button" className="btn btn-outline" disabled={change.isPending} onClick={() => act("pause")}>
                  <Trans>Pause AutoPay</Trans>
                </button>
              )}
              {mandate.status === "paused" && (
                <button type="button" className="btn btn-outline" disabled={change.isPending} onClick={() => act("resume")}>
                  <Trans>Resume AutoPay</Trans>
                </button>
              )}{" "}
              <button type="button" className="btn btn-outline" disabled={change.isPending} onClick={() => act("cancel")}>
                <Trans>Cancel AutoPay</Trans>
              </button>
            </p>
          )}
        </>
      )}
      {!live && terms && (
        <form onSubmit={submit}>
          <p>
            <TermsOffered terms={terms} />
          </p>
          <fieldset>
            <legend>
              <Trans>Debit by</Trans>
            </legend>
            {/* A radio group is its form's own, so one name serves every section on the page. */}
            <label>
              <input type="radio" name="autopay-method" checked={method === "upi"} onChange={() => setMethod("upi")} />{" "}
              <Trans>UPI AutoPay, approved in your UPI app</Trans>
            </label>{" "}
            <label>
              <input type="radio" name="autopay-method" checked={method === "enach"} onChange={() => setMethod("enach")} />{" "}
              <Trans>eNACH from your bank account, approved at your bank</Trans>
            </label>
          </fieldset>
          {method === "enach" && <EnachFields account={account} value={bank} onChange={setBank} invalid={invalid} />}
          <label htmlFor={emailId}>
            <Trans>E-mail for the notices</Trans>
          </label>
          <input id={emailId} type="email" required value={email} onChange={(event) => setEmail(event.target.value)} className="form-control" />
          {setUp.isError && (
            <p className="alert alert-danger" role="alert">
              {bankRefusal(errorCode(setUp.error)) ?? refusal(setUp.error, t`AutoPay could not be set up. Please try again.`)}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={setUp.isPending}>
            <Trans>Set up AutoPay</Trans>
          </button>
        </form>
      )}
      <LoadingOverlay show={autopay.isPending && enabled} />
    </section>
  );
}
