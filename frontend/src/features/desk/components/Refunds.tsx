import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { rupees } from "../../../lib/money";
import { useRefundAction, useRefunds, type CustomerView, type RefundRequest, type RefundView, type StaffView } from "../api/desk";
import type { AskedAction } from "./ConfirmAction";
import { REFUND_REASON_WORDS, REFUND_STATUS_WORDS, wordFor } from "./words";
import styles from "../desk.module.css";

type ReasonCode = RefundRequest["reasonCode"];

/**
 * Refunds of the customer's orders paid online: any staff member asks for one (full or part,
 * with a reason code and a note); a supervisor other than the one who asked approves it, two
 * above the configured amount; the last approval sends it to the provider. Each asks to confirm
 * first, with the amount and the customer. A request keeps its key until it is answered, so a
 * second click asks once.
 */
export function Refunds({ customer, staff, ask }: { customer: CustomerView; staff: StaffView; ask: (action: AskedAction) => void }) {
  const { t, i18n } = useLingui();
  const refundable = customer.orders.filter((o) => o.paymentMethod === "online" && ["paid", "refundInitiated"].includes(o.paymentState));
  const [orderNumber, setOrderNumber] = useState(refundable[0]?.orderNumber ?? "");
  const [amount, setAmount] = useState("");
  const [reasonCode, setReasonCode] = useState<ReasonCode>("goodwill");
  const [note, setNote] = useState("");
  const [key, setKey] = useState(newIdempotencyKey);
  const refunds = useRefunds(customer.mobileNumber);
  const action = useRefundAction(() => undefined);
  const who = `${customer.name ?? t`the customer`} (${customer.mobileNumber ?? ""})`;
  const request = (event: FormEvent) => {
    event.preventDefault();
    const body: RefundRequest = { amount: amount.trim(), reasonCode, note: note.trim() };
    ask({
      title: t`Ask for this refund?`,
      detail: t`Refund ${rupees(body.amount)} of order ${orderNumber} to ${who}, for: ${wordFor(i18n, REFUND_REASON_WORDS, reasonCode)}.`,
      confirm: t`Ask for the refund`,
      run: () => action.mutate({ orderNumber, body, idempotencyKey: key }, { onSuccess: () => setKey(newIdempotencyKey()) }),
    });
  };
  const approve = (refundId: number, money: string) =>
    ask({
      title: t`Approve this refund?`,
      detail: t`Refund ${rupees(money)} to ${who}.`,
      confirm: t`Approve`,
      run: () => action.mutate({ refundId, decision: "approve" }),
    });
  const supervisor = staff.role === "supervisor";
  return (
    <section aria-labelledby="desk-refunds">
      <h3 id="desk-refunds" className={styles.subtitle}>
        <Trans>Refunds</Trans>
      </h3>
      {action.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(action.error, t`That did not work. Please try again.`)}
        </p>
      )}
      {action.isSuccess && (
        <p className="alert alert-success" role="status">
          {action.data.status === "requested" ? (
            <Trans>
              Refund of {rupees(action.data.amount)} asked for; it waits for {action.data.approvalsNeeded - action.data.approvals.length} more
              approval.
            </Trans>
          ) : (
            <Trans>
              Refund of {rupees(action.data.amount)}: {wordFor(i18n, REFUND_STATUS_WORDS, action.data.status)}.
            </Trans>
          )}
        </p>
      )}
      {refundable.length > 0 && (
        <form className={styles.filters} onSubmit={request} aria-label={t`Ask for a refund`}>
          <label className={styles.field}>
            <Trans>Order</Trans>
            <select className="form-control" value={orderNumber} onChange={(e) => setOrderNumber(e.target.value)}>
              {refundable.map((o) => (
                <option key={o.orderNumber} value={o.orderNumber}>
                  {o.orderNumber} ({rupees(o.total)})
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <Trans>Amount to refund (₹)</Trans>
            <input className="form-control" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} maxLength={16} />
          </label>
          <label className={styles.field}>
            <Trans>Reason code</Trans>
            <select className="form-control" value={reasonCode} onChange={(e) => setReasonCode(e.target.value as ReasonCode)}>
              {Object.keys(REFUND_REASON_WORDS).map((code) => (
                <option key={code} value={code}>
                  {wordFor(i18n, REFUND_REASON_WORDS, code)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <Trans>Note for the refund</Trans>
            <input className="form-control" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
          </label>
          <button type="submit" className="btn btn-outline" disabled={amount.trim() === "" || note.trim() === "" || action.isPending}>
            <Trans>Ask for a refund</Trans>
          </button>
        </form>
      )}
      <ul className={styles.rows} aria-label={t`Refunds asked for`}>
        {refunds.data?.map((refund) => {
          const approvedBy = refund.approvals.filter((a) => a.decision === "approved").map((a) => a.supervisor);
          const mayApprove =
            supervisor && refund.status === "requested" && refund.requestedBy !== staff.name && !approvedBy.includes(staff.name);
          return (
            <li key={refund.id}>
              <strong>{rupees(refund.amount)}</strong> <span>{refund.orderNumber}</span>{" "}
              {refund.loanNumber && (
                <span>
                  <Trans>Repayment of loan {refund.loanNumber}</Trans>{" "}
                </span>
              )}
              {refund.returnNumber && (
                <span>
                  <Trans>Return {refund.returnNumber}</Trans>{" "}
                </span>
              )}
              <span>{wordFor(i18n, REFUND_REASON_WORDS, refund.reasonCode)}</span> <span>{wordFor(i18n, REFUND_STATUS_WORDS, refund.status)}</span>
              <span className={styles.note}>{refund.note}</span>
              {refund.needsPerson && (
                <strong className="text-danger">
                  <Trans>Needs a person: the bank gave this refund up. Ask for it again or pay it another way.</Trans>
                </strong>
              )}
              {refund.paidReference && (
                <span>
                  <Trans>Paid another way, reference {refund.paidReference}</Trans>
                </span>
              )}
              <span>
                <Trans>
                  Asked by {refund.requestedBy}; approvals {approvedBy.length} of {refund.approvalsNeeded}
                </Trans>
                {approvedBy.length > 0 && ` (${approvedBy.join(", ")})`}
              </span>
              {refund.needsPerson && <GivenUp refund={refund} who={who} ask={ask} action={action} />}
              {mayApprove && (
                <span className={styles.actions}>
                  <button type="button" className="btn btn-primary" disabled={action.isPending} onClick={() => approve(refund.id, refund.amount)}>
                    <Trans>Approve</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline"
                    disabled={action.isPending}
                    onClick={() => action.mutate({ refundId: refund.id, decision: "reject" })}
                  >
                    <Trans>Turn down</Trans>
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * A refund the bank gave up, resolved by any staff member: asked of the provider again (the same
 * amount as a new refund; the click's key is kept until it is answered, so a second click asks
 * once), or recorded as paid another way with that payment's reference. Each asks to confirm first.
 */
function GivenUp({
  refund,
  who,
  ask,
  action,
}: {
  refund: RefundView;
  who: string;
  ask: (action: AskedAction) => void;
  action: ReturnType<typeof useRefundAction>;
}) {
  const { t } = useLingui();
  const [key, setKey] = useState(newIdempotencyKey);
  const [reference, setReference] = useState("");
  const money = rupees(refund.amount);
  const retry = () =>
    ask({
      title: t`Ask the provider again?`,
      detail: t`Refund ${money} to ${who} again, as a new refund at the provider.`,
      confirm: t`Ask again`,
      run: () => action.mutate({ refundId: refund.id, decision: "retry", idempotencyKey: key }, { onSuccess: () => setKey(newIdempotencyKey()) }),
    });
  const record = (event: FormEvent) => {
    event.preventDefault();
    const paid = reference.trim();
    ask({
      title: t`Record this refund as paid another way?`,
      detail: t`${money} paid to ${who} another way, reference ${paid}.`,
      confirm: t`Record as paid`,
      run: () => action.mutate({ refundId: refund.id, decision: "paid-otherwise", body: { reference: paid } }),
    });
  };
  return (
    <span className={styles.actions}>
      <button type="button" className="btn btn-primary" disabled={action.isPending} onClick={retry}>
        <Trans>Ask the provider again</Trans>
      </button>
      <form className={styles.filters} onSubmit={record} aria-label={t`Record as paid another way`}>
        <label className={styles.field}>
          <Trans>Reference of the payment</Trans>
          <input className="form-control" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={64} />
        </label>
        <button type="submit" className="btn btn-outline" disabled={reference.trim() === "" || action.isPending}>
          <Trans>Record as paid</Trans>
        </button>
      </form>
    </span>
  );
}
