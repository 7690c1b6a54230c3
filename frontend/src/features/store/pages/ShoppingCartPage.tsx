import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useConfig } from "../../../lib/config";
import { percentOff, plainRupees, rupees } from "../../../lib/money";
import { cartLabels, type CartPaymentType as PaymentType } from "../../../lib/payment-methods";
import { QuantityControl } from "../components/QuantityControl";
import { StoreHeader } from "../components/StoreHeader";
import { StrokeIcon } from "../components/StrokeIcon";
import { inWebView, postToNative } from "../nativeBridge";
import type { CartLine } from "../api/get-cart";
import { useStore } from "../StoreContext";
import shared from "../store.module.css";
import styles from "./ShoppingCartPage.module.css";

/** A line's M.R.P. with GST, and the percent off it when there is one. */
function MrpWithGst({ line }: { line: CartLine }) {
  const mrp = rupees(line.mrpWithCashDiscountGst ?? "0.00");
  const percent = percentOff(line.mrpWithCashDiscountGst ?? "0.00", line.mrpWithCashDiscount);
  return percent > 0 ? <Trans>M.R.P. with GST: {mrp} · {percent}% off</Trans> : <Trans>M.R.P. with GST: {mrp}</Trans>;
}

/** /shopping-cart: lines, payment type and Proceed to Payment; logged out goes to the login. */
export default function ShoppingCartPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Shopping Cart` });
  const config = useConfig();
  const store = useStore();
  const navigate = useNavigate();
  const [paymentType, setPaymentType] = useState<PaymentType>("directPayment");
  const { cart } = store;
  const count = cart.count;
  const subtotal = rupees(cart.subtotal);

  const paymentLabels = cartLabels(config.productName);

  // Logged out: the login, which returns here afterwards.
  if (store.verified === false) return <Navigate to="/login" replace state={{ from: "/shopping-cart" }} />;

  const proceed = () => {
    const message = {
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the native app's protocol values
      action: "ChoosePaymentMethod",
      paymentType,
      mode: inWebView() ? "Mobile App" : "Desktop",
      amount: plainRupees(cart.subtotal),
      data: cart.items,
    };
    if (postToNative(message)) return; // the app takes over from here
    // A browser checks out on the web, with the cart's choice of payment carried over.
    console.info("ChoosePaymentMethod", message);
    navigate("/checkout", { state: { paymentType } });
  };

  return (
    <div className={shared.page}>
      <StoreHeader back cartLink={false} />
      <LoadingOverlay show={store.verified === null || !store.cartReady || store.busy} />
      {store.verified && store.cartReady && cart.items.length === 0 && !store.busy ? (
        <div className={styles.empty}>
          <img src="/img/store/empty-cart.svg" alt="" width={240} height={180} />
          <h1>
            <Trans>No item added in cart</Trans>
          </h1>
          <button type="button" className="btn btn-primary" onClick={() => navigate("/product-home")}>
            <Trans>Go to Store</Trans>
          </button>
        </div>
      ) : (
        store.verified &&
        store.cartReady && (
          <div className={styles.layout}>
            <section className={styles.lines} aria-labelledby="cart-heading">
              <h1 id="cart-heading">
                <Trans>
                  Shopping Cart{" "}
                  <span className={styles.totalCount}>
                    (<Plural value={count} one="# item" other="# items" />)
                  </span>
                </Trans>
              </h1>
              <ul className={styles.list}>
                {cart.items.map((line) => {
                  const item = { id: line.productId, productName: line.productName };
                  const name = line.productName;
                  return (
                    <li key={line.productId} className={styles.line} data-testid="cart-line">
                      <img src={line.filePath1 ?? "/img/logo-mark.svg"} alt="" width={120} height={102} />
                      <div>
                        <dl className={styles.fields}>
                          <dt>
                            <Trans>Product Name</Trans>
                          </dt>
                          <dd className={styles.name}>{line.productName}</dd>
                          <dt>
                            <Trans>Brand Name</Trans>
                          </dt>
                          <dd>{line.brand || "-"}</dd>
                          <dt>
                            <Trans>Colour</Trans>
                          </dt>
                          <dd>{line.color || "-"}</dd>
                          <dt>
                            <Trans>Size</Trans>
                          </dt>
                          <dd>{line.size || "-"}</dd>
                        </dl>
                        <div className={styles.controls}>
                          <QuantityControl
                            name={line.productName}
                            quantity={line.quantity}
                            disabled={store.busy}
                            onMinus={() => void store.minus(item)}
                            onPlus={() => void store.add(item)}
                          />
                          <button
                            type="button"
                            className={styles.iconButton}
                            aria-label={t`Delete ${name}`}
                            disabled={store.busy}
                            onClick={() => void store.remove(item)}
                          >
                            <StrokeIcon d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" size={20} />
                          </button>
                          <button
                            type="button"
                            className="link-button"
                            disabled={store.busy}
                            onClick={() => void store.remove(item)}
                          >
                            <Trans>Remove</Trans>
                          </button>
                        </div>
                      </div>
                      <div className={styles.price}>
                        <p className={styles.total} data-testid="line-price">
                          {rupees(line.linePrice)}
                        </p>
                        {line.mrpWithCashDiscountGst != null && (
                          <p className={styles.gst}>
                            <MrpWithGst line={line} />
                          </p>
                        )}
                        {line.discount && (
                          <p className={styles.deal}>
                            {line.discount}{" "}
                            <span className={styles.dealTag}>
                              <Trans>Limited time deal</Trans>
                            </span>
                          </p>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
            <aside className="card" aria-labelledby="summary-heading">
              <h2 id="summary-heading" className="visually-hidden">
                <Trans>Payment</Trans>
              </h2>
              <fieldset className={styles.paymentOptions}>
                <legend>
                  <Trans>Payment method</Trans>
                </legend>
                {(Object.keys(paymentLabels) as PaymentType[]).map((type) => (
                  <label key={type} className={styles.paymentOption}>
                    <input
                      type="radio"
                      name="paymentType"
                      value={type}
                      checked={paymentType === type}
                      onChange={() => setPaymentType(type)}
                    />
                    {paymentLabels[type]}
                  </label>
                ))}
              </fieldset>
              <p className={styles.subtotal}>
                <Trans>
                  Subtotal (<Plural value={count} one="# item" other="# items" />):{" "}
                  <strong data-testid="subtotal">{subtotal}</strong>
                </Trans>
              </p>
              <button type="button" className="btn btn-primary btn-block" disabled={store.busy} onClick={proceed}>
                <Trans>Proceed to Payment</Trans>
              </button>
            </aside>
          </div>
        )
      )}
    </div>
  );
}
