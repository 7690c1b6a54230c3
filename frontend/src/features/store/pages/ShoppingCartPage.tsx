import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useConfig } from "../../../lib/config";
import { percentOff, plainRupees, rupees } from "../../../lib/money";
import { cartLabels, type CartPaymentType as PaymentType } from "../../../lib/payment-methods";
import { CartCharges } from "../components/CartCharges";
import { ProductPicture } from "../components/ProductPicture";
import { QuantityControl } from "../components/QuantityControl";
import { StoreHeader } from "../components/StoreHeader";
import { StrokeIcon } from "../components/StrokeIcon";
import { inWebView, postToNative } from "../../../lib/native-bridge";
import type { CartLine } from "../../../cart/get-cart";
import { useStore } from "../../../components/storefront/store-state";
import shared from "../../../components/storefront/storefront.module.css";
import { DeliveryLabel } from "../components/DeliveryLabel";
import styles from "./ShoppingCartPage.module.css";

// A line's picture is as wide as its column in ShoppingCartPage.module.css: a 72 px one on a
// phone takes the smallest file even on a 2x screen.
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media condition, not a text
const LINE_PICTURE_SIZES = "(max-width: 479px) 72px, (min-width: 640px) 120px, 96px";

/** A line's unit price labelled as one, and its M.R.P. struck beside it only when it is higher. */
function UnitPrices({ line }: { line: CartLine }) {
  const unit = rupees(line.mrpWithCashDiscount);
  const quantity = line.quantity;
  const mrpText = rupees(line.mrpWithCashDiscountGst ?? "0.00");
  const percent = percentOff(line.mrpWithCashDiscountGst ?? "0.00", line.mrpWithCashDiscount);
  return (
    <p className={styles.unit} data-testid="unit-price">
      <Trans>
        {quantity} × {unit} each
      </Trans>
      {percent > 0 && (
        <span className={styles.mrp}>
          {" "}
          <Trans>
            M.R.P. <s>{mrpText}</s> · {percent}% off
          </Trans>
        </span>
      )}
    </p>
  );
}

/** A line's stock, when it limits the line: sold out, above the stock (with the fix), or at it. */
function LineStock({ id, line, onFix }: { id: string; line: CartLine; onFix: (quantity: number) => void }) {
  const stock = line.stockQuantity;
  if (stock === null || stock === undefined || line.quantity < stock) return null;
  if (stock <= 0) {
    return (
      <p id={id} className={styles.stock} role="status" data-testid="line-stock">
        <Trans>Out of stock: remove it to check out.</Trans>
      </p>
    );
  }
  return (
    <p id={id} className={styles.stock} role="status" data-testid="line-stock">
      <Trans>Only {stock} left</Trans>
      {line.quantity > stock && (
        <>
          {" "}
          <button type="button" className="link-button" onClick={() => onFix(stock)}>
            <Trans>Change to {stock}</Trans>
          </button>
        </>
      )}
    </p>
  );
}

/** /shopping-cart: lines, payment type and Proceed to Payment; logged out goes to the login. */
export default function ShoppingCartPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Shopping Cart` });
  const ids = useId();
  const config = useConfig();
  const store = useStore();
  const navigate = useNavigate();
  // A message the page before left for the cart (Buy again's products that were out of stock).
  const notice = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const [paymentType, setPaymentType] = useState<PaymentType>("directPayment");
  const { cart } = store;
  const count = cart.count;
  const subtotal = rupees(cart.subtotal);
  // A line above its stock (it fell since it was added) cannot be bought: fix it here first.
  const overStock = cart.items.some((line) => line.stockQuantity != null && line.quantity > line.stockQuantity);
  const saving = cart.saving !== undefined && cart.saving !== "0.00" ? rupees(cart.saving) : null;

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
            {notice && (
              <p className={`alert alert-danger ${styles.notice}`} role="status" data-testid="cart-notice">
                {notice}
              </p>
            )}
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
                  const lineSaving = rupees(line.lineSaving ?? "0.00");
                  const stockNoteId = `${ids}-${line.productId}`; // why + is off, beside it
                  return (
                    <li key={line.productId} className={styles.line} data-testid="cart-line">
                      <ProductPicture product={line} sizes={LINE_PICTURE_SIZES} alt="" width={120} height={102} />
                      <div>
                        <h2 className={styles.name}>{line.productName}</h2>
                        <p className={styles.facts}>{[line.brand, line.color, line.size].filter(Boolean).join(" · ")}</p>
                        <div className={styles.controls}>
                          <QuantityControl
                            name={line.productName}
                            quantity={line.quantity}
                            disabled={store.busy}
                            plusDisabled={line.stockQuantity != null && line.quantity >= line.stockQuantity}
                            plusNoteId={stockNoteId}
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
                        <LineStock id={stockNoteId} line={line} onFix={(quantity) => void store.setTo(item, quantity)} />
                      </div>
                      <div className={styles.price}>
                        <p className={styles.total} data-testid="line-price">
                          {rupees(line.linePrice)}
                        </p>
                        <UnitPrices line={line} />
                        {line.lineSaving !== undefined && line.lineSaving !== "0.00" && (
                          <p className={styles.deal} data-testid="line-saving">
                            <Trans>You save {lineSaving}</Trans>
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
              <CartCharges cart={cart} />
              <p className={styles.delivery} data-testid="cart-delivery">
                <DeliveryLabel withHours />
              </p>
              {overStock && (
                <p className={styles.stock} role="alert">
                  <Trans>Some items are not in stock in the quantity you chose. Please lower the quantity.</Trans>
                </p>
              )}
              {saving !== null && (
                <p className={styles.saving} data-testid="cart-saving">
                  <Trans>You save {saving} on M.R.P.</Trans>
                </p>
              )}
              <div className={styles.bar} data-testid="cart-bar">
                <p className={styles.subtotal}>
                  <Trans>
                    Subtotal (<Plural value={count} one="# item" other="# items" />):{" "}
                    <strong data-testid="subtotal">{subtotal}</strong>
                  </Trans>
                </p>
                <button type="button" className="btn btn-primary" disabled={store.busy || overStock} onClick={proceed}>
                  <Trans>Proceed to Payment</Trans>
                </button>
              </div>
            </aside>
          </div>
        )
      )}
    </div>
  );
}
