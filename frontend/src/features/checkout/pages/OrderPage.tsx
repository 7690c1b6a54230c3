import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
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
import { orderQuery, useOrder, type PlacedOrder } from "../api/get-order";
import { usePayAgain } from "../api/pay-again";
import { OrderFigures } from "../components/OrderFigures";
import styles from "../components/checkout.module.css";
import { OrderActions } from "../components/OrderActions";
import { orderTime } from "../components/orderDates";
import { OrderTimeline } from "../components/OrderTimeline";
import { PayBy } from "../components/PayBy";
import { RefundNote } from "../components/RefundNote";
import { StatusChip } from "../components/StatusChip";
import { StoreHeader, storeStyles as shared, useStore } from "../../store";
import own from "./OrderPage.module.css";

const DUE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

function paymentState(order: PlacedOrder, productName: string): string {
  const { payment } = order;
  switch (payment.state) {
    case "paid":
      return `Paid online: ${rupees(payment.amount)}`;
    case "onDelivery":
      return `To be paid on delivery: ${rupees(payment.amount)} in cash`;
    case "onCredit":
      return `On ${productName} Credit: ${rupees(payment.amount)}, due by ${
        payment.creditDueOn ? DUE.format(new Date(`${payment.creditDueOn}T00:00:00+05:30`)) : "30 days"
      }, no interest`;
    case "pending":
      return "Payment pending";
    case "cancelled":
      return "Nothing was charged";
    default:
      // Cancelled or returned: the refund note below says what happens to the money.
      return `${payment.label}: ${rupees(payment.amount)}`;
  }
}

const IN_PROGRESS = new Set<PlacedOrder["status"]>(["placed", "packed", "shipped", "outForDelivery"]);

const HEADINGS: Record<PlacedOrder["status"], string> = {
  placed: "Thank you! Your order is placed",
  packed: "Your order is packed",
  shipped: "Your order has shipped",
  outForDelivery: "Your order is out for delivery",
  delivered: "Your order was delivered",
  cancelled: "Your order is cancelled",
  returned: "Your order went back to the seller",
};

const METHOD_LABELS: Record<PlacedOrder["payment"]["method"], string> = {
  online: "Online (UPI, cards)",
  cod: "Cash on delivery",
  credit: "{product} Credit",
};

function heading(order: PlacedOrder): string {
  if (order.status === "placed" && order.payment.state === "pending") return "Order placed, payment pending";
  return HEADINGS[order.status];
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
  usePageMeta({ title: `Order ${orderNumber}` });
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const order = useOrder(orderNumber);
  const { mutateAsync: payAgain, isPending: starting } = usePayAgain();
  const payKey = useAttemptKey();
  const [checkout, setCheckout] = useState<{ sessionId: string; providerOrderId: string | null } | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
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
      setPayError(errorMessage(error, "The payment could not be started. Please try again."));
    }
  }, [payAgain, payKey, orderNumber, config.checkout, recheck]);

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

  const closeCheckout = useCallback(() => {
    setCheckout(null);
    void recheck(); // the gateway asks the orders service to re-check with the provider
  }, [recheck]);

  if (store.verified === false) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  const data = order.data;

  return (
    <div className={shared.page}>
      <StoreHeader back={false} cartLink />
      <LoadingOverlay show={order.isPending || starting} />
      <div className={styles.confirmation}>
        {order.isError && !order.data && (
          <div className="card">
            <h1>{errorStatus(order.error) === 404 ? "Order not found" : "The order could not be loaded"}</h1>
            <p>{errorMessage(order.error, "Please try again.")}</p>
            <Link className="btn btn-primary" to="/product-home">
              Continue shopping
            </Link>
          </div>
        )}
        {data && (
          <>
            <div className="card">
              <h1>{heading(data)}</h1>
              <p className={own.numberLine}>
                <span>
                  Order number <strong data-testid="order-number">{data.orderNumber}</strong>
                </span>
                <StatusChip status={data.status} label={data.statusLabel} />
              </p>
              <p className={own.placedOn}>Placed on {orderTime(data.createdAt)}</p>
              {IN_PROGRESS.has(data.status) && (
                <p className={data.delivery.type === "oneHour" ? styles.oneHour : styles.promise} data-testid="order-delivery">
                  {data.delivery.label}
                </p>
              )}
              <p className={styles.state} data-testid="payment-state">
                {paymentState(data, config.productName)}
              </p>
              {data.payment.state === "onCredit" && (
                <p className={styles.hint}>
                  See and repay what you owe on the <Link to="/paynow">repayment portal</Link>.
                </p>
              )}
              {data.payment.state === "pending" && (
                <>
                  <p className={styles.hint}>Your order is saved. Pay now to confirm it; nothing is charged twice.</p>
                  {data.payment.payBy && <PayBy payBy={data.payment.payBy} />}
                  <button type="button" className="btn btn-primary" disabled={starting} onClick={() => void pay()}>
                    Pay {rupees(data.payment.amount)} now
                  </button>
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
            <section className="card" aria-labelledby="tracking-heading">
              <h2 id="tracking-heading">Order status</h2>
              <OrderTimeline steps={data.timeline} />
            </section>
            <section className="card" aria-labelledby="bought-heading">
              <h2 id="bought-heading">What you bought</h2>
              <OrderFigures lines={data.lines} charges={data.charges} testIdPrefix="order" taxes />
            </section>
            <section className="card" aria-labelledby="delivery-heading">
              <h2 id="delivery-heading">Delivery and payment</h2>
              <dl className={own.details}>
                <div>
                  <dt>Deliver to</dt>
                  <dd data-testid="order-address">
                    {[data.address.name, data.address.address1, data.address.address2, data.address.city, data.address.state, data.address.pincode]
                      .filter(Boolean)
                      .join(", ")}
                    <br />
                    Mobile {data.address.mobileNumber}
                  </dd>
                </div>
                {data.business && (
                  <div>
                    <dt>Invoice to</dt>
                    <dd data-testid="order-business">
                      {data.business.legalName} (GSTIN {data.business.gstin})
                    </dd>
                  </div>
                )}
                <div>
                  <dt>Payment</dt>
                  <dd data-testid="order-payment-method">
                    {METHOD_LABELS[data.payment.method].replace("{product}", config.productName)}: {data.payment.label}
                  </dd>
                </div>
              </dl>
            </section>
            <div className={own.links}>
              <Link className="btn btn-primary" to="/product-home">
                Continue shopping
              </Link>
              <Link className="btn btn-outline" to="/orders">
                My orders
              </Link>
            </div>
          </>
        )}
      </div>
      <MockCheckout paymentSessionId={checkout?.sessionId ?? null} orderId={checkout?.providerOrderId ?? null} onClose={closeCheckout} />
    </div>
  );
}
