import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorMessage } from "../../../api/client";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { rupees } from "../../../lib/money";
import { useDeskAction, type CustomerView, type DeskOrder, type StaffView } from "../api/desk";
import { AuditTrail } from "./AuditTrail";
import { Complaints } from "./Complaints";
import { ConfirmAction, type AskedAction } from "./ConfirmAction";
import { Mandates } from "./Mandates";
import { Refunds } from "./Refunds";
import { Timeline } from "./Timeline";
import { ORDER_STATUS_WORDS, PAYMENT_STATE_WORDS, REPAYMENT_STATUS_WORDS, wordFor } from "./words";
import styles from "../desk.module.css";

/**
 * A customer found: their orders and repayments with what the staff member's role may do to
 * each, and the timeline from every upstream. Every action asks for the reason first; a
 * cancellation keeps its key until it is answered, so a second click cancels (and refunds) once,
 * and a receipt's key until it is sent, so a retried click mails once (a later resend is a new one).
 */
export function CustomerPanel({ customer, staff, onActed }: { customer: CustomerView; staff: StaffView; onActed: () => void }) {
  const { t, i18n } = useLingui();
  const words = (table: Parameters<typeof wordFor>[1], key: string) => wordFor(i18n, table, key);
  const action = useDeskAction(onActed);
  const [reason, setReason] = useState("");
  const [cancelKeys] = useState(() => new Map<string, string>());
  const [receiptKeys] = useState(() => new Map<string, string>());
  const [asked, setAsked] = useState<AskedAction | null>(null);
  const who = `${customer.name ?? t`the customer`} (${customer.mobileNumber ?? ""})`;
  const supervisor = staff.role === "supervisor";
  const customerNumber = customer.mobileNumber;
  const act = (path: string, idempotencyKey?: string) =>
    action.mutate({ path, reason: reason.trim(), customer: customerNumber, idempotencyKey });
  const cancelKey = (orderNumber: string) => {
    const key = cancelKeys.get(orderNumber) ?? newIdempotencyKey();
    cancelKeys.set(orderNumber, key);
    return key;
  };
  const resendReceipt = (orderId: string) => {
    const key = receiptKeys.get(orderId) ?? newIdempotencyKey();
    receiptKeys.set(orderId, key);
    action.mutate(
      { path: `/desk/repayments/${orderId}/receipt`, reason: reason.trim(), customer: customerNumber, idempotencyKey: key },
      { onSuccess: () => receiptKeys.delete(orderId) },
    );
  };
  // The order card's word on where the money went: the same story as the cancellation's result and the timeline.
  const refundNote = (order: DeskOrder) => {
    switch (order.refundKind) {
      case "creditReversed":
      case "creditReduced":
        return t`${rupees(order.total)} back on the customer's credit limit`;
      case "toSource":
        return t`Refund to the card or UPI started`;
      case "toUpi":
        return t`Refund to the customer's UPI started`;
      case "toBank":
        return t`Refund to the customer's bank account started`;
      default:
        return t`Nothing had been paid`;
    }
  };
  const noReason = reason.trim() === "" || action.isPending;
  const done = action.data;
  const cancelled = done?.action === "orderCancelled" ? done.order : null;

  return (
    <section className={`card ${styles.panel}`} aria-labelledby="desk-customer">
      <h2 id="desk-customer" className={styles.subtitle}>
        {customer.name ?? t`Customer`} · {customer.mobileNumber}
      </h2>
      <label className={styles.field}>
        <Trans>Reason for an action (kept in the audit log)</Trans>
        <input
          className="form-control"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          aria-describedby="desk-reason-hint"
        />
      </label>
      {/* Why the actions below are greyed out: each waits for the reason. */}
      {reason.trim() === "" && (
        <p id="desk-reason-hint" className={styles.note}>
          <Trans>Type the reason first: the actions below wait for it.</Trans>
        </p>
      )}
      {action.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(action.error, t`That did not work. Please try again.`)}
        </p>
      )}
      {action.isSuccess && (
        <p className="alert alert-success" role="status">
          {cancelled ? (
            // One story with the order's card and the timeline: what happened to the money, by how it was paid.
            cancelled.paymentMethod === "credit" ? (
              <Trans>
                Order {cancelled.orderNumber} cancelled; {rupees(cancelled.total)} is back on the customer's credit limit.
              </Trans>
            ) : cancelled.paymentMethod === "online" && cancelled.paymentState === "refundInitiated" ? (
              <Trans>
                Order {cancelled.orderNumber} cancelled; a refund of {rupees(cancelled.total)} to the card or UPI has started.
              </Trans>
            ) : (
              <Trans>Order {cancelled.orderNumber} cancelled; nothing had been paid.</Trans>
            )
          ) : (
            <Trans>
              Sent again to {action.data.sentTo ?? ""} ({action.data.reference}).
            </Trans>
          )}
        </p>
      )}
      <h3 className={styles.subtitle}>
        <Trans>Orders</Trans>
      </h3>
      {customer.orders.length === 0 && (
        <p>
          <Trans>No store orders.</Trans>
        </p>
      )}
      <ul className={styles.rows}>
        {customer.orders.map((order) => (
          <li key={order.orderNumber}>
            <strong>{order.orderNumber}</strong> <span>{rupees(order.total)}</span> <span>{words(ORDER_STATUS_WORDS, order.status)}</span>{" "}
            <span>{words(PAYMENT_STATE_WORDS, order.paymentState)}</span>
            {order.refundKind && <span className={styles.note}>{refundNote(order)}</span>}
            <span className={styles.actions}>
              <button
                type="button"
                className="btn btn-outline"
                disabled={noReason}
                onClick={() =>
                  setAsked({
                    title: t`Send the order's mail again?`,
                    detail: t`Mail order ${order.orderNumber} (${rupees(order.total)}) again to ${who}.`,
                    confirm: t`Send it again`,
                    run: () => act(`/desk/orders/${order.orderNumber}/resend`),
                  })
                }
              >
                <Trans>Resend invoice mail</Trans>
              </button>
              {supervisor && order.cancellable && (
                <button
                  type="button"
                  className="btn btn-danger"
                  disabled={noReason}
                  onClick={() =>
                    setAsked({
                      title: t`Cancel this order?`,
                      detail:
                        order.paymentMethod === "credit"
                          ? t`Cancel order ${order.orderNumber} for ${who}; ${rupees(order.total)} goes back on the customer's credit limit.`
                          : order.paymentMethod === "online"
                            ? t`Cancel order ${order.orderNumber} for ${who}; ${rupees(order.total)} is refunded to the card or UPI.`
                            : t`Cancel order ${order.orderNumber} (${rupees(order.total)}) for ${who}.`,
                      confirm: t`Cancel the order`,
                      run: () => act(`/desk/orders/${order.orderNumber}/cancel`, cancelKey(order.orderNumber)),
                    })
                  }
                >
                  <Trans>Cancel and refund</Trans>
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <h3 className={styles.subtitle}>
        <Trans>Repayments</Trans>
      </h3>
      {customer.repayments.length === 0 && (
        <p>
          <Trans>No repayments.</Trans>
        </p>
      )}
      <ul className={styles.rows}>
        {customer.repayments.map((repayment) => (
          <li key={repayment.orderId}>
            <strong>{repayment.orderId}</strong> <span>{rupees(repayment.amount)}</span> <span>{words(REPAYMENT_STATUS_WORDS, repayment.status)}</span>{" "}
            <span>{repayment.loanNumber}</span>
            {repayment.excessRefunded && (
              <span>{t`${rupees(repayment.excessRefunded)} of it refunded by the lender: more than was owed`}</span>
            )}
            {repayment.status === "paid" && repayment.receiptResendable && (
              <span className={styles.actions}>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={noReason}
                  onClick={() =>
                    setAsked({
                      title: t`Send the receipt again?`,
                      detail: t`Mail the receipt of ${rupees(repayment.amount)} (${repayment.orderId}) again to ${who}.`,
                      confirm: t`Send it again`,
                      run: () => resendReceipt(repayment.orderId),
                    })
                  }
                >
                  <Trans>Resend receipt</Trans>
                </button>
              </span>
            )}
            {repayment.status === "awaitingApproval" && (
              <span className={styles.note}>
                <Trans>
                  Paid and with the lender: its checker has yet to approve the booking. Do not ask the customer to pay
                  again; it shows as paid once approved.
                </Trans>
              </span>
            )}
            {repayment.status === "refunded" && !repayment.refundReference && (
              <span className={styles.note}>
                <Trans>
                  The lender's checker refused to book this payment, so it was refunded in full to the customer. It did
                  not reduce what they owe.
                </Trans>
              </span>
            )}
            {repayment.status === "refunded" && repayment.refundReference && (
              <span className={styles.note}>
                <Trans>
                  The lender's checker refused to book this payment and the bank gave up its refund; the desk paid it
                  another way (reference {repayment.refundReference}). It did not reduce what they owe.
                </Trans>
              </span>
            )}
            {repayment.status === "refundPending" && (
              <span className={styles.note}>
                <Trans>
                  The lender's checker refused to book this payment; its refund to the customer is still with the bank.
                  It did not reduce what they owe.
                </Trans>
              </span>
            )}
            {repayment.status === "refundCancelled" && (
              <span className={styles.note}>
                <Trans>
                  The lender's checker refused to book this payment and the bank gave up its refund: the money is still
                  the customer's. It is on the refunds list below to ask again or pay another way.
                </Trans>
              </span>
            )}
            {repayment.status === "paid" && !repayment.receiptResendable && (
              <span className={styles.note}>
                <Trans>This lender cannot send its receipt again; ask the lender for it.</Trans>
              </span>
            )}
          </li>
        ))}
      </ul>
      <Refunds customer={customer} staff={staff} ask={setAsked} />
      <Mandates mandates={customer.mandates} />
      <Complaints complaints={customer.complaints} />
      <Timeline entries={customer.timeline} />
      {customerNumber && <AuditTrail customer={customerNumber} />}
      <ConfirmAction asked={asked} onClose={() => setAsked(null)} />
    </section>
  );
}
