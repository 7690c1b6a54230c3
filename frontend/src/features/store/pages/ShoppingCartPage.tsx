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
import { useStore } from "../StoreContext";
import shared from "../store.module.css";
import styles from "./ShoppingCartPage.module.css";

/** /shopping-cart: lines, payment type and Proceed to Payment; logged out goes to the login. */
export default function ShoppingCartPage() {
  usePageMeta({ title: "Shopping Cart" });
  const config = useConfig();
  const store = useStore();
  const navigate = useNavigate();
  const [paymentType, setPaymentType] = useState<PaymentType>("directPayment");
  const { cart } = store;

  const paymentLabels = cartLabels(config.productName);

  // Logged out: the login, which returns here afterwards.
  if (store.verified === false) return <Navigate to="/login" replace state={{ from: "/shopping-cart" }} />;

  const proceed = () => {
    const message = {
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
          <h1>No item added in cart</h1>
          <button type="button" className="btn btn-primary" onClick={() => navigate("/product-home")}>
            Go to Store
          </button>
        </div>
      ) : (
        store.verified &&
        store.cartReady && (
          <div className={styles.layout}>
            <section className={styles.lines} aria-labelledby="cart-heading">
              <h1 id="cart-heading">
                Shopping Cart <span className={styles.totalCount}>({cart.count} {cart.count === 1 ? "item" : "items"})</span>
              </h1>
              <ul className={styles.list}>
                {cart.items.map((line) => {
                  const item = { id: line.productId, productName: line.productName };
                  return (
                    <li key={line.productId} className={styles.line} data-testid="cart-line">
                      <img src={line.filePath1 ?? "/img/logo-mark.svg"} alt="" width={120} height={102} />
                      <div>
                        <dl className={styles.fields}>
                          <dt>Product Name</dt>
                          <dd className={styles.name}>{line.productName}</dd>
                          <dt>Brand Name</dt>
                          <dd>{line.brand || "-"}</dd>
                          <dt>Colour</dt>
                          <dd>{line.color || "-"}</dd>
                          <dt>Size</dt>
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
                            aria-label={`Delete ${line.productName}`}
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
                            Remove
                          </button>
                        </div>
                      </div>
                      <div className={styles.price}>
                        <p className={styles.total} data-testid="line-price">
                          {rupees(line.linePrice)}
                        </p>
                        {line.mrpWithCashDiscountGst != null && (
                          <p className={styles.gst}>
                            M.R.P. with GST: {rupees(line.mrpWithCashDiscountGst)}
                            {percentOff(line.mrpWithCashDiscountGst, line.mrpWithCashDiscount) > 0 && (
                              <> · {percentOff(line.mrpWithCashDiscountGst, line.mrpWithCashDiscount)}% off</>
                            )}
                          </p>
                        )}
                        {line.discount && (
                          <p className={styles.deal}>
                            {line.discount} <span className={styles.dealTag}>Limited time deal</span>
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
                Payment
              </h2>
              <fieldset className={styles.paymentOptions}>
                <legend>Payment method</legend>
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
                Subtotal ({cart.count} {cart.count === 1 ? "item" : "items"}):{" "}
                <strong data-testid="subtotal">{rupees(cart.subtotal)}</strong>
              </p>
              <button type="button" className="btn btn-primary btn-block" disabled={store.busy} onClick={proceed}>
                Proceed to Payment
              </button>
            </aside>
          </div>
        )
      )}
    </div>
  );
}
