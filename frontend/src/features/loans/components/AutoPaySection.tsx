import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { ApiError, errorCode, errorMessage } from "../../../api/client";
import { DebitsTable } from "../../../components/debits/DebitsTable";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { calendarDay } from "../../../lib/dates";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { rupees } from "../../../lib/money";
import { useAutoPay, useChangeAutoPay, useSetUpAutoPay, type AutoPayAction, type AutoPayMandate } from "../api/autopay";
import styles from "../loans.module.css";
import { EMPTY_BANK, EnachFields, type EnachBank } from "./EnachFields";

type RefusedField = { error?: { field?: string | null } };
type Debit = AutoPayMandate["debits"][number];

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
function DebitNotes({ debits, limit }: { debits: readonly Debit[]; limit: string | null }) {
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
      {refunded && (
        <p>
          <Trans>
            Your lender did not accept a debit: its full amount is refunded to the account it was taken from, and that
            instalment is still due: please pay it from the reminder's link.
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

/** The loan's AutoPay: the terms a mandate would have (at most, how often, from when to when, and
 * the lender whose account it pays), set up once per attempt by UPI AutoPay (approved in the UPI
 * app) or eNACH (on the borrower's bank account, approved at the bank); then its status and
 * debits, and pausing, resuming or cancelling it. */
export function AutoPaySection({ loanNumber, enabled }: { loanNumber: string; enabled: boolean }) {
  const { t } = useLingui();
  const autopay = useAutoPay(loanNumber, { enabled });
  const setUp = useSetUpAutoPay(loanNumber);
  const change = useChangeAutoPay(loanNumber);
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
  const mandate = autopay.data?.mandate ?? null;
  const live = mandate !== null && ["pendingApproval", "active", "paused"].includes(mandate.status);
  const terms = autopay.data?.terms ?? null;
  const act = (action: AutoPayAction) => change.mutate({ action, key: newIdempotencyKey() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = method === "enach" ? { email, method, bank } : { email, method };
    setUp.mutate({ body, key }, { onSuccess: () => setKey(newIdempotencyKey()) });
  };

  return (
    <section className="card" aria-labelledby="autopay">
      <h2 id="autopay" className={styles.subtitle}>
        <Trans>AutoPay</Trans>
      </h2>
      {autopay.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(autopay.error, t`AutoPay could not be read. Please try again.`)}
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
                <Trans>Monthly, on each instalment's due date</Trans>
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
          <DebitNotes debits={mandate.debits} limit={terms?.authenticationLimit ?? null} />
          {change.isError && (
            <p className="alert alert-danger" role="alert">
              {errorMessage(change.error, t`AutoPay could not be changed. Please try again.`)}
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
            <Trans>
              Pay each instalment by AutoPay: at most {rupees(terms.maxAmount)} a debit, monthly from {calendarDay(terms.startOn)} to{" "}
              {calendarDay(terms.endOn)}, into {terms.lenderName}'s account. You get a notice at least 24 hours before each debit.
            </Trans>
          </p>
          <fieldset>
            <legend>
              <Trans>Debit by</Trans>
            </legend>
            <label>
              <input type="radio" name="autopay-method" checked={method === "upi"} onChange={() => setMethod("upi")} />{" "}
              <Trans>UPI AutoPay, approved in your UPI app</Trans>
            </label>{" "}
            <label>
              <input type="radio" name="autopay-method" checked={method === "enach"} onChange={() => setMethod("enach")} />{" "}
              <Trans>eNACH from your bank account, approved at your bank</Trans>
            </label>
          </fieldset>
          {method === "enach" && <EnachFields loanNumber={loanNumber} value={bank} onChange={setBank} invalid={invalid} />}
          <label htmlFor="autopay-email">
            <Trans>E-mail for the notices</Trans>
          </label>
          <input
            id="autopay-email"
            type="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="form-control"
          />
          {setUp.isError && (
            <p className="alert alert-danger" role="alert">
              {bankRefusal(errorCode(setUp.error)) ?? errorMessage(setUp.error, t`AutoPay could not be set up. Please try again.`)}
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
