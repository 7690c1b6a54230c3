import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { i18n } from "../../../lib/i18n";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { errorMessage, errorStatus } from "../../../api/client";
import { openCashfreeCheckout } from "../../../components/checkout/cashfree";
import { MockCheckout } from "../../../components/checkout/MockCheckout";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useConfig } from "../../../lib/config";
import { useAttemptKey } from "../../../lib/idempotency-key";
import { useSession } from "../../../lib/session";
import { rupees } from "../../../lib/money";
import { creditTermValues } from "../../../content/credit-terms";
import { orderQuery, useOrder, type PlacedOrder } from "../api/get-order";
import { usePayAgain } from "../api/pay-again";
import { OrderFigures } from "../../../components/orders/OrderFigures";
import { OrderActions } from "../components/OrderActions";
import { dayAndTime, dayOf } from "../../../lib/dates";
import { placeName } from "../../../lib/place-names";
import { promiseWords } from "../../../components/storefront/promise-words";
import { orderPaymentLabel, refundStateOf } from "../components/orderWords";
import { PayOnDelivery } from "../components/PayOnDelivery";
import { OrderTimeline } from "../components/OrderTimeline";
import { PayBy } from "../components/PayBy";
import { RefundNote } from "../components/RefundNote";
import { SupportRefunds } from "../components/SupportRefunds";
import { ReturnsPanel } from "../components/ReturnsPanel";
import { UpiPanel } from "../../../components/upi/lazy";
import { StatusChip } from "../components/StatusChip";
import { StoreHeader } from "../../../components/storefront/StoreHeader";
import shared from "../../../components/storefront/storefront.module.css";
import { useStore } from "../../../components/storefront/store-state";
import own from "./OrderPage.module.css";

function paymentState(order: PlacedOrder, productName: string): string {
  const { payment } = order;
  const amount = rupees(payment.amount);
  switch (payment.state) {
    case "paid":
      if (payment.method === "cod") return t`Paid in cash on delivery: ${amount}`;
      return t`Paid online: ${amount}`;
    case "onDelivery":
      return t`To be paid on delivery: ${amount} in cash`;
    case "onCredit": {
      const { interestFreeDays } = creditTermValues();
      if (!payment.creditDueOn) return t`On ${productName} Credit: ${amount}, due in ${interestFreeDays} days, interest-free until then`;
      const due = dayOf(payment.creditDueOn);
      return t`On ${productName} Credit: ${amount}, due by ${due}, interest-free until then`;
    }
    case "pending":
      if (payment.bankPendingSince) return t`Waiting for your bank to confirm the payment`;
      return payment.failedAt ? t`Payment failed: no money was taken` : t`Payment pending`;
    case "cancelled":
      return t`Nothing was charged`;
    default: {
      // Cancelled or returned: the refund note below says what happens to the money.
      const state = orderPaymentLabel(payment.method, payment.state, false, refundStateOf(order.refund));
      return t`${state}: ${amount}`;
    }
  }
}

const IN_PROGRESS = new Set<PlacedOrder["status"]>(["placed", "packed", "shipped", "outForDelivery"]);

const HEADINGS: Record<PlacedOrder["status"], MessageDescriptor> = {
  placed: msg`Thank you! Your order is placed`,
  packed: msg`Your order is packed`,
  shipped: msg`Your order has shipped`,
  outForDelivery: msg`Your order is out for delivery`,
  delivered: msg`Your order was delivered`,
  cancelled: msg`Your order is cancelled`,
  returned: msg`Your order went back to the seller`,
};

function methodWords(method: PlacedOrder["payment"]["method"], productName: string): string {
  if (method === "online") return t`Online (UPI, cards)`;
  if (method === "cod") return t`Cash on delivery`;
  return t`${productName} Credit`;
}

function heading(order: PlacedOrder): string {
  if (order.status === "placed" && order.payment.state === "pending") {
    if (order.payment.bankPendingSince) return t`Order placed, waiting for your bank`;
    return order.payment.failedAt ? t`Payment failed, no money was taken` : t`Order placed, payment pending`;
  }
  return i18n._(HEADINGS[order.status]);
}

/**
 * /orders/{orderNumber}: the confirmation, the place to pay an online order (again), and afterwards
 * its status timeline, cancellation with the refund, the tax invoice and 'Buy again'.
 */
export default function OrderPage() {
  const config = useConfig();
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const { orderNumber = "" } = useParams();
  const { t: translate } = useLingui();
  usePageMeta({ title: translate`Order ${orderNumber}` });
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const order = useOrder(orderNumber);
  const { mutateAsync: payAgain, isPending: starting } = usePayAgain();
  const payKey = useAttemptKey();
  const [checkout, setCheckout] = useState<{ sessionId: string; providerOrderId: string | null } | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  // Paying by UPI: the panel follows that payment (and stands instead of the bank's wait) until paid.
  const [upiOpen, setUpiOpen] = useState(false);
  const autoOpened = useRef(false);

  const recheck = useCallback(
    () => queryClient.invalidateQueries({ queryKey: orderQuery(orderNumber).queryKey, exact: true }),
    [queryClient, orderNumber],
  );

  const pay = useCallback(async () => {
    setPayError(null);
    try {
      const live = await payAgain({ orderNumber, key: payKey.current() });
      payKey.settle();
      const sessionId = live.payment.paymentSessionId;
      if (!sessionId) return;
      if (config.checkout.adapter === "mock") {
        setCheckout({ sessionId, providerOrderId: live.payment.providerOrderId ?? null });
        return;
      }
      await openCashfreeCheckout(sessionId, config.checkout.mode);
      await recheck();
    } catch (error) {
      payKey.settle(error); // a 503 may hide a session that was opened: the retry asks with the same key
      setPayError(errorMessage(error, translate`The payment could not be started. Please try again.`));
    }
  }, [payAgain, payKey, orderNumber, config.checkout, recheck, translate]);

  // Straight from 'Place order and pay': open the checkout once; a reload shows 'Pay now' instead.
  const wantsPayment = (location.state as { pay?: boolean } | null)?.pay === true;
  const pending = order.data?.payment.state === "pending";
  useEffect(() => {
    if (wantsPayment && pending && !autoOpened.current) {
      autoOpened.current = true;
      navigate(location.pathname, { replace: true, state: null });
      void pay();
    }
  }, [wantsPayment, pending, pay, navigate, location.pathname]);

  // The login ended while the page was open (its reads run on their own now): read the session
  // again, so the page sends the shopper to the login, which returns here.
  const loginEnded = errorStatus(order.error) === 401;
  useEffect(() => {
    if (loginEnded) void refresh();
  }, [loginEnded, refresh]);

  const upiPaid = useCallback(() => {
    setUpiOpen(false);
    void recheck();
  }, [recheck]);

  const closeCheckout = useCallback(() => {
    setCheckout(null);
    void recheck(); // the gateway asks the orders service to re-check with the provider
  }, [recheck]);

  if (store.verified === false) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  const data = order.data;
  const number = data?.orderNumber ?? "";
  const placedOn = data ? dayAndTime(data.createdAt) : "";
  const payAmount = rupees(data?.payment.amount ?? "0.00");
  const providerReference = data?.payment.providerPaymentId ?? "";
  // Delivered: when it was, from the order's own timeline, never the promise made before.
  const deliveredStep = data?.status === "delivered" ? data.timeline.find((step) => step.status === "delivered") : undefined;
  const deliveredAt = deliveredStep?.at ? dayAndTime(deliveredStep.at) : "";
  const mobile = data?.address.mobileNumber ?? "";
  const legalName = data?.business?.legalName ?? "";
  const gstin = data?.business?.gstin ?? "";

  return (
    <div className={shared.page}>
      <StoreHeader back={false} cartLink deliveryArea={false} />
      <LoadingOverlay show={order.isPending || starting} />
      <div className={own.confirmation}>
        {order.isError && !order.data && (
          <div className="card">
            <h1>{errorStatus(order.error) === 404 ? <Trans>Order not found</Trans> : <Trans>The order could not be loaded</Trans>}</h1>
            <p>{errorMessage(order.error, translate`Please try again.`)}</p>
            <Link className="btn btn-primary" to="/product-home">
              <Trans>Continue shopping</Trans>
            </Link>
          </div>
        )}
        {data && (
          <>
            <div className="card">
              <h1>{heading(data)}</h1>
              <p className={own.numberLine}>
                <span>
                  <Trans>
                    Order number <strong data-testid="order-number">{number}</strong>
                  </Trans>
                </span>
                <StatusChip status={data.status} />
              </p>
              <p className={own.placedOn}>
                <Trans>Placed on {placedOn}</Trans>
              </p>
              {IN_PROGRESS.has(data.status) && (
                <p className={data.delivery.type === "oneHour" ? own.oneHour : own.promise} data-testid="order-delivery">
                  {promiseWords(data.delivery)}
                </p>
              )}
              {deliveredAt && (
                <p className={own.promise} data-testid="order-delivery">
                  <Trans>Delivered on {deliveredAt}</Trans>
                </p>
              )}
              <p className={own.state} data-testid="payment-state">
                {paymentState(data, config.productName)}
              </p>
              {data.payment.state === "paid" && data.payment.providerPaymentId && (
                <p className={own.hint} data-testid="payment-reference">
                  <Trans>Payment reference: {providerReference}</Trans>
                </p>
              )}
              {data.payment.state === "onCredit" && (
                <p className={own.hint}>
                  <Trans>
                    See and repay what you owe on the <Link to="/paynow">repayment portal</Link>.
                  </Trans>
                </p>
              )}
              {upiOpen && (
                <Suspense fallback={<LoadingOverlay show />}>
                  <UpiPanel path={`/orders/${encodeURIComponent(number)}/upi`} onPaid={upiPaid} />
                </Suspense>
              )}
              {data.payment.state === "pending" && data.payment.bankPendingSince && !upiOpen && (
                <p className={own.hint} data-testid="bank-pending">
                  <Trans>
                    Your bank has not yet confirmed the payment of {payAmount}. Do not pay again: if your bank takes the money,
                    this page shows the order paid. If it does not, the order is cancelled and any money taken is refunded to
                    you automatically.
                  </Trans>
                </p>
              )}
              {data.payment.state === "pending" && !data.payment.bankPendingSince && (
                <>
                  <p className={own.hint}>
                    {data.payment.failedAt ? (
                      <Trans>Your bank or UPI app refused the payment. Try again, or pay in cash when the order arrives.</Trans>
                    ) : (
                      <Trans>Your order is saved. Pay now to confirm it; nothing is charged twice.</Trans>
                    )}
                  </p>
                  {data.payment.payBy && data.payment.payWithinSeconds != null && (
                    <PayBy payBy={data.payment.payBy} seconds={data.payment.payWithinSeconds} readAt={order.dataUpdatedAt} />
                  )}
                  {!upiOpen && (
                    <button type="button" className="btn btn-primary" onClick={() => setUpiOpen(true)}>
                      <Trans>Pay by UPI</Trans>
                    </button>
                  )}
                  <button type="button" className="btn btn-primary" disabled={starting || upiOpen} onClick={() => void pay()}>
                    {data.payment.failedAt ? <Trans>Try again: pay {payAmount}</Trans> : <Trans>Pay {payAmount} now</Trans>}
                  </button>
                  {data.payment.canPayOnDelivery && <PayOnDelivery order={data} />}
                </>
              )}
              {payError && (
                <p className="alert alert-danger" role="alert">
                  {payError}
                </p>
              )}
              <OrderActions order={data} />
            </div>
            {data.refund && <RefundNote refund={data.refund} />}
            {(data.supportRefunds ?? []).length > 0 && <SupportRefunds refunds={data.supportRefunds ?? []} />}
            <ReturnsPanel order={data} />
            <section className="card" aria-labelledby="tracking-heading">
              <h2 id="tracking-heading">
                <Trans>Order status</Trans>
              </h2>
              <OrderTimeline steps={data.timeline} />
            </section>
            <section className="card" aria-labelledby="bought-heading">
              <h2 id="bought-heading">
                <Trans>What you bought</Trans>
              </h2>
              <OrderFigures
                lines={data.lines}
                charges={data.charges}
                testIdPrefix="order"
                taxes
                business={data.business !== null}
              />
            </section>
            <section className="card" aria-labelledby="delivery-heading">
              <h2 id="delivery-heading">
                <Trans>Delivery and payment</Trans>
              </h2>
              <dl className={own.details}>
                <div>
                  <dt>
                    <Trans>Deliver to</Trans>
                  </dt>
                  <dd data-testid="order-address">
                    {[
                      data.address.name,
                      data.address.address1,
                      data.address.address2,
                      placeName(data.address.city, i18n.locale),
                      placeName(data.address.state, i18n.locale),
                      data.address.pincode,
                    ]
                      .filter(Boolean)
                      .join(", ")}
                    <br />
                    <Trans>Mobile {mobile}</Trans>
                  </dd>
                </div>
                {data.business && (
                  <div>
                    <dt>
                      <Trans>Invoice to</Trans>
                    </dt>
                    <dd data-testid="order-business">
                      <Trans>
                        {legalName} (GSTIN {gstin})
                      </Trans>
                    </dd>
                  </div>
                )}
                <div>
                  <dt>
                    <Trans>Payment</Trans>
                  </dt>
                  <dd data-testid="order-payment-method">
                    {methodWords(data.payment.method, config.productName)}:{" "}
                    {orderPaymentLabel(
                      data.payment.method,
                      data.payment.state,
                      Boolean(data.payment.failedAt),
                      refundStateOf(data.refund),
                    )}
                  </dd>
                </div>
              </dl>
            </section>
            <div className={own.links}>
              <Link className="btn btn-primary" to="/product-home">
                <Trans>Continue shopping</Trans>
              </Link>
              <Link className="btn btn-outline" to="/orders">
                <Trans>My orders</Trans>
              </Link>
            </div>
          </>
        )}
      </div>
      <MockCheckout paymentSessionId={checkout?.sessionId ?? null} orderId={checkout?.providerOrderId ?? null} onClose={closeCheckout} />
    </div>
  );
}
