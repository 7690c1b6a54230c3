import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useParams } from "react-router";
import { errorMessage, errorStatus } from "../../../api/client";
import { openCashfreeCheckout } from "../../../components/checkout/cashfree";
import { MockCheckout } from "../../../components/checkout/MockCheckout";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { useConfig } from "../../../lib/config";
import { rupees } from "../../../lib/money";
import { orderQuery, useOrder, type PlacedOrder } from "../api/get-order";
import { usePayAgain } from "../api/pay-again";
import { OrderFigures } from "../checkout/OrderFigures";
import styles from "../checkout/checkout.module.css";
import { StoreHeader } from "../components/StoreHeader";
import { useStore } from "../StoreContext";
import shared from "../store.module.css";

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
    default:
      return "Payment pending";
  }
}

/** /orders/{orderNumber}: the confirmation, and the place to pay an online order (again). */
export default function OrderPage() {
  const config = useConfig();
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const { orderNumber = "" } = useParams();
  const queryClient = useQueryClient();
  const order = useOrder(orderNumber);
  const { mutateAsync: payAgain, isPending: starting } = usePayAgain();
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
      const live = await payAgain(orderNumber);
      const sessionId = live.payment.paymentSessionId;
      if (!sessionId) return;
      if (config.checkout.adapter === "mock") {
        setCheckout({ sessionId, providerOrderId: live.payment.providerOrderId ?? null });
        return;
      }
      await openCashfreeCheckout(sessionId, config.checkout.mode);
      await recheck();
    } catch (error) {
      setPayError(errorMessage(error, "The payment could not be started. Please try again."));
    }
  }, [payAgain, orderNumber, config.checkout, recheck]);

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

  const closeCheckout = useCallback(() => {
    setCheckout(null);
    void recheck(); // the gateway asks the orders service to re-check with the provider
  }, [recheck]);

  if (store.verified === false) return <Navigate to="/login" replace />;
  const data = order.data;

  return (
    <div className={shared.page}>
      <StoreHeader back={false} cartLink />
      <LoadingOverlay show={order.isPending || starting} />
      <div className={styles.confirmation}>
        {order.isError && (
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
              <h1>{data.payment.state === "pending" ? "Order placed, payment pending" : "Thank you! Your order is placed"}</h1>
              <p>
                Order number <strong data-testid="order-number">{data.orderNumber}</strong>
              </p>
              <p className={data.delivery.type === "oneHour" ? styles.oneHour : styles.promise} data-testid="order-delivery">
                {data.delivery.label}
              </p>
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
            </div>
            <section className="card" aria-labelledby="bought-heading">
              <h2 id="bought-heading">What you bought</h2>
              <OrderFigures lines={data.lines} charges={data.charges} testIdPrefix="order" />
              <p>
                Deliver to: {[data.address.name, data.address.address1, data.address.address2, data.address.city, data.address.state, data.address.pincode]
                  .filter(Boolean)
                  .join(", ")}
              </p>
              {data.business && (
                <p>
                  Invoice to {data.business.legalName} (GSTIN {data.business.gstin})
                </p>
              )}
            </section>
            <Link className="btn btn-primary" to="/product-home">
              Continue shopping
            </Link>
          </>
        )}
      </div>
      <MockCheckout paymentSessionId={checkout?.sessionId ?? null} orderId={checkout?.providerOrderId ?? null} onClose={closeCheckout} />
    </div>
  );
}
