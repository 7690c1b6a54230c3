import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../../api/client";
import { Dialog } from "../../../components/Dialog";
import { useConfig } from "../../../lib/config";
import { useAttemptKey } from "../../../lib/idempotency-key";
import { rupees } from "../../../lib/money";
import { showToast } from "../../../lib/toast";
import { useBuyAgain } from "../api/buy-again";
import { useCancelOrder } from "../api/cancel-order";
import type { PlacedOrder } from "../api/get-order";
import { cartQuery } from "../../../cart/get-cart";
import { inWebView, postAddedToCart } from "../../../lib/native-bridge";
import { buyAgainWords, creditNoteReason } from "./orderWords";
import { ReturnForm } from "./ReturnForm";
import { CANCEL_REASONS, type CancelReason } from "./returnWords";
import { i18n } from "../../../lib/i18n";
import styles from "./OrderActions.module.css";

/** What cancelling will do with the money, said before the shopper confirms (the refund policy's words). */
function cancelConsequence(order: PlacedOrder, productName: string): string {
  const { payment } = order;
  const amount = rupees(payment.amount);
  if (payment.method === "credit") return t`The ${amount} owed on your ${productName} Credit for it will be cancelled.`;
  if (payment.state === "paid") return t`${amount} will be refunded to the card or UPI account you paid with, in 2 to 4 business days.`;
  return t`Nothing has been charged for it, so there is nothing to refund.`;
}

/** Out for delivery: no cancelling, but the parcel may be refused at the door; what that does with the money. */
function refuseWords(order: PlacedOrder, productName: string): string {
  const { payment } = order;
  if (payment.method === "credit") return t`If you no longer want it, refuse it at the door: the amount owed on your ${productName} Credit is then cancelled.`;
  if (payment.state === "paid") return t`If you no longer want it, refuse it at the door: your payment is then refunded to the card or UPI you paid with.`;
  return t`If you no longer want it, refuse it at the door: you pay nothing.`;
}

/**
 * 'Download invoice' (once issued), 'Download credit note' (an invoiced order cancelled or
 * returned), 'Buy again', and 'Cancel order' with its confirmation (while allowed).
 */
export function OrderActions({ order }: { order: PlacedOrder }) {
  const config = useConfig();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [cancelReason, setCancelReason] = useState<CancelReason | null>(null);
  const [returning, setReturning] = useState(false);
  const cancel = useCancelOrder();
  const cancelKey = useAttemptKey();
  const buyAgain = useBuyAgain();
  const queryClient = useQueryClient();
  const [buyError, setBuyError] = useState<string | null>(null);

  const number = order.orderNumber;
  const invoiceNumber = order.invoice?.number ?? "";
  const creditNumber = order.creditNote?.number ?? "";
  const creditInvoice = order.creditNote?.invoiceNumber ?? "";
  const reason = creditNoteReason(order.status);
  const consequence = cancelConsequence(order, config.productName);

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync({ orderNumber: order.orderNumber, key: cancelKey.current(), reason: cancelReason ?? undefined });
      cancelKey.settle();
      setConfirming(false);
      // The Cancel button is gone: focus moves to what happens to the money.
      requestAnimationFrame(() => document.getElementById("refund-heading")?.focus());
      showToast("success", t`Order ${number} is cancelled.`, { autoClose: 3000 });
    } catch (error) {
      // The dialog shows the refusal (an order that went out for delivery meanwhile, say).
      cancelKey.settle(error);
    }
  };

  const again = async () => {
    setBuyError(null);
    try {
      const result = await buyAgain.mutateAsync(order.orderNumber);
      if (result.added.length === 0) {
        setBuyError(buyAgainWords(result));
        return;
      }
      // What was left out stays said on the cart (a toast could close before the cart is there).
      const notice = result.skipped.length ? buyAgainWords(result) : null;
      if (!notice) showToast("success", buyAgainWords(result), { autoClose: 6000 });
      if (inWebView()) {
        // The app keeps its own cart badge: tell it of each line, with the cart's quantity now.
        const cart = await queryClient.fetchQuery(cartQuery);
        for (const added of result.added) {
          const line = cart.items.find((item) => item.productId === added.productId);
          postAddedToCart({
            productId: added.productId,
            productName: added.productName,
            quantity: line?.quantity ?? added.quantity,
            distributorId: line?.distributorId ?? null,
          });
        }
      }
      navigate("/shopping-cart", { state: notice ? { notice } : undefined });
    } catch (error) {
      setBuyError(errorMessage(error, t`The order could not be added to your cart. Please try again.`));
    }
  };

  return (
    <>
      <div className={styles.actions}>
        {order.invoice && (
          <a className="btn btn-outline" href={order.invoice.downloadUrl} download={`invoice-${order.orderNumber}.pdf`}>
            <Trans>
              Download invoice<span className="visually-hidden"> {invoiceNumber} (PDF)</span>
            </Trans>
          </a>
        )}
        {order.creditNote && (
          <a className="btn btn-outline" href={order.creditNote.downloadUrl} download={`credit-note-${order.orderNumber}.pdf`}>
            <Trans>
              Download credit note<span className="visually-hidden"> {creditNumber} (PDF)</span>
            </Trans>
          </a>
        )}
        <button type="button" className="btn btn-outline" disabled={buyAgain.isPending} onClick={() => void again()}>
          <Trans>Buy again</Trans>
        </button>
        {order.canReturn && !returning && (
          <button type="button" className="btn btn-outline" onClick={() => setReturning(true)}>
            <Trans>Return items</Trans>
          </button>
        )}
        {order.canCancel && (
          <button
            type="button"
            className={`btn btn-outline ${styles.quiet}`}
            onClick={() => {
              cancel.reset();
              setCancelReason(null);
              setConfirming(true);
            }}
          >
            <Trans>Cancel order</Trans>
          </button>
        )}
      </div>
      {order.canRefuseAtDelivery && (
        <p className={styles.invoice} data-testid="refuse-at-delivery">
          <Trans>It is on its way, so it can no longer be cancelled.</Trans> {refuseWords(order, config.productName)}
        </p>
      )}
      {returning && <ReturnForm order={order} onDone={() => setReturning(false)} />}
      {order.invoice && (
        <p className={styles.invoice}>
          <Trans>Tax invoice {invoiceNumber}</Trans>
        </p>
      )}
      {order.creditNote && (
        <p className={styles.invoice} data-testid="credit-note">
          <Trans>
            Credit note {creditNumber} against invoice {creditInvoice}: {reason}
          </Trans>
        </p>
      )}
      {buyError && (
        <p className="alert alert-danger" role="alert">
          {buyError}
        </p>
      )}
      <Dialog open={confirming} title={t`Cancel this order?`} onClose={() => setConfirming(false)}>
        <p>
          <Trans>
            Order {number} will be cancelled. {consequence}
          </Trans>
        </p>
        <fieldset className={styles.reasons}>
          <legend>
            <Trans>May we ask why?</Trans>
          </legend>
          {CANCEL_REASONS.map(([code, words]) => (
            <label key={code} className={styles.reason}>
              <input
                type="radio"
                name="cancel-reason"
                value={code}
                checked={cancelReason === code}
                onChange={() => setCancelReason(code)}
              />
              {i18n._(words)}
            </label>
          ))}
        </fieldset>
        {cancel.isError && (
          <p className="alert alert-danger" role="alert">
            {errorMessage(cancel.error, t`The order could not be cancelled. Please try again.`)}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" onClick={() => setConfirming(false)}>
            <Trans>Keep order</Trans>
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={cancel.isPending || cancelReason === null}
            onClick={() => void confirmCancel()}
          >
            <Trans>Yes, cancel order</Trans>
          </button>
        </div>
      </Dialog>
    </>
  );
}
