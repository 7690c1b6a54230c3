import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { errorCode, errorMessage } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useAttemptKey } from "../../../lib/idempotency-key";
import { useConfig } from "../../../lib/config";
import { rupees } from "../../../lib/money";
import { methodOfCartChoice } from "../../../lib/payment-methods";
import { cartQuery } from "../../../cart/get-cart";
import { StoreHeader } from "../../../components/storefront/StoreHeader";
import { loginStateFrom } from "../../../components/storefront/return-to";
import shared from "../../../components/storefront/storefront.module.css";
import { useStore } from "../../../components/storefront/store-state";
import { useGstinCheck } from "../api/check-gstin";
import { useAddresses } from "../../../components/addresses/api/list-addresses";
import { usePlaceOrder } from "../api/place-order";
import { useQuote, type CheckoutAddress, type CheckoutQuoteRequest, type PaymentMethod } from "../api/quote-order";
import { AddressStep, type AddressChoice } from "../components/AddressStep";
import { BusinessStep, businessOf, type BusinessDraft } from "../components/BusinessStep";
import { forgetForm } from "../components/addressFormKeeping";
import { OrderSummary } from "../components/OrderSummary";
import { PaymentStep } from "../components/PaymentStep";
import styles from "../components/checkout.module.css";

/** /checkout (a browser's 'Proceed to Payment'): address, business details, summary, payment, Place order. */
export default function CheckoutPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Checkout` });
  const config = useConfig();
  const store = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const addresses = useAddresses({ enabled: store.verified === true });
  const [address, setAddress] = useState<AddressChoice>({ address: null, deliverable: false });
  const [business, setBusiness] = useState<BusinessDraft>({ wanted: false, gstin: "", legalName: "" });
  const [method, setMethod] = useState<PaymentMethod>(() => methodOfCartChoice(location.state));
  const [placeError, setPlaceError] = useState<string | null>(null);
  // Another tab (or a click before this one) is placing this shopper's cart right now.
  const [inProgress, setInProgress] = useState(false);
  // Set once the order is placed: the emptied cart must not send the page back to the cart.
  const [placed, setPlaced] = useState(false);
  // One key per order attempt: a double click, or a retry after an answer that may hide an
  // order (a 503, a lost connection), reuses it and gets that order instead of a second one.
  const attemptKey = useAttemptKey();
  const { mutateAsync: place, isPending: placing } = usePlaceOrder();

  const gstinCheck = useGstinCheck(business.wanted ? business.gstin : "", address.address?.pincode ?? null);
  const businessDetails = businessOf(business, gstinCheck.current);
  const request = useMemo<CheckoutQuoteRequest | null>(() => {
    if (!address.address || !address.deliverable || businessDetails === undefined) return null;
    return { address: address.address as CheckoutAddress, business: businessDetails, paymentMethod: method };
  }, [address, businessDetails, method]);
  const quote = useQuote(request);

  // Logged out (or the login ended): log in, then come back here.
  if (store.verified === false) return <Navigate to="/login" replace state={loginStateFrom(location)} />;
  if (store.verified && store.cartReady && store.cart.items.length === 0 && !placing && !placed) {
    return <Navigate to="/shopping-cart" replace />;
  }

  const summary = quote.data;
  const total = rupees(summary?.charges.total ?? "0.00");
  const subtotal = rupees(store.cart.subtotal);
  const creditBlocked =
    summary !== undefined &&
    ((method === "credit" && !summary.credit.offered) || (method === "cod" && !summary.cash.offered));
  const ready = request !== null && summary !== undefined && !quote.isFetching && !quote.isError && !creditBlocked;

  const submit = async () => {
    if (!request || !summary) return;
    setPlaceError(null);
    setInProgress(false);
    try {
      const order = await place({
        request: { ...request, quotedTotal: summary.charges.total },
        key: attemptKey.current(),
      });
      attemptKey.settle();
      forgetForm();
      setPlaced(true);
      void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey, exact: true });
      navigate(`/orders/${order.orderNumber}`, { state: { pay: order.payment.state === "pending" } });
    } catch (error) {
      // A refusal placed nothing: the next try is a new attempt. Anything else keeps the key.
      attemptKey.settle(error);
      if (errorCode(error) === "quote_changed") void quote.refetch();
      if (errorCode(error) === "order_in_progress") setInProgress(true);
      setPlaceError(errorMessage(error, t`The order could not be placed. Please try again.`));
    }
  };

  return (
    <div className={shared.page}>
      <StoreHeader back cartLink={false} deliveryArea={false} />
      <LoadingOverlay show={store.verified === null || addresses.isPending || placing} />
      <div className={styles.layout}>
        <h1 className={styles.title}>
          <Trans>Checkout</Trans>
        </h1>
        <div className={styles.address}>
          <AddressStep addresses={addresses.data} onChange={setAddress} />
        </div>
        <div className={styles.business}>
          <BusinessStep value={business} check={gstinCheck.shown} onChange={setBusiness} />
        </div>
        <div className={styles.payment}>
          <PaymentStep method={method} onChange={setMethod} credit={summary?.credit} cash={summary?.cash}
            total={summary?.charges.total}
            productName={config.productName}
          />
        </div>
        <div className={styles.side}>
        <div className={styles.summary}>
          <OrderSummary
            quote={summary}
            loading={quote.isFetching}
            waiting={request === null}
            cartLines={store.cart.items}
            cartSubtotal={store.cart.subtotal}
            cartSaving={store.cart.saving ?? "0.00"}
            problem={quote.isError ? { code: errorCode(quote.error), message: errorMessage(quote.error, t`The order could not be priced. Please try again.`) } : null}
          />
        </div>
        <div className={styles.actions} data-testid="checkout-actions">
          {/* A stock refusal is told, with its fix, in the summary. */}
          {quote.isError && errorCode(quote.error) !== "out_of_stock" && (
            <p className="alert alert-danger" role="alert">
              {errorMessage(quote.error, t`The order could not be priced. Please try again.`)}
            </p>
          )}
          {placeError && (
            <p className="alert alert-danger" role="alert">
              {placeError}
              {inProgress && (
                <>
                  {" "}
                  <Link to="/orders">
                    <Trans>See My Orders</Trans>
                  </Link>
                </>
              )}
            </p>
          )}
          <div className={styles.bar}>
            <p className={styles.barTotal} data-testid="bar-total">
              {summary ? (
                <Trans>
                  Total <strong>{total}</strong>
                </Trans>
              ) : (
                <Trans>
                  Subtotal <strong>{subtotal}</strong>
                </Trans>
              )}
            </p>
            <button type="button" className="btn btn-primary" disabled={!ready || placing} onClick={() => void submit()}>
              {method === "online" ? <Trans>Place order and pay</Trans> : <Trans>Place order</Trans>}
            </button>
          </div>
          <p className={styles.note}>
            <Link to="/shopping-cart">
              <Trans>Back to cart</Trans>
            </Link>
          </p>
        </div>
        </div>
      </div>
    </div>
  );
}
