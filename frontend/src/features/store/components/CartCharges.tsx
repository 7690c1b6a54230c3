import { Trans } from "@lingui/react/macro";
import { rupees } from "../../../lib/money";
import type { Cart } from "../../../cart/get-cart";
import { useCartCharges } from "../../../cart/cart-charges";
import styles from "./CartCharges.module.css";

/**
 * The cart's money before checkout: each fee charged, what removes the fees, the GST in the total
 * and the total. Every figure is the orders service's (the quote's and the invoice's); none is
 * worked out here (docs/decisions/fees-before-checkout.md).
 */
export function CartCharges({ cart }: { cart: Cart }) {
  const query = useCartCharges(cart, { enabled: cart.items.length > 0 });
  const charges = query.data;
  if (query.isError) {
    return (
      <p className={styles.note} role="status">
        <Trans>The fees could not be worked out right now. The checkout shows them before you pay.</Trans>
      </p>
    );
  }
  if (!charges) {
    return (
      <p className={styles.note} aria-busy="true">
        <Trans>Working out the fees…</Trans>
      </p>
    );
  }
  const more = rupees(charges.shortOfNoFees);
  const threshold = rupees(charges.feeThreshold);
  const fees = charges.shortOfNoFees !== "0.00";
  return (
    <div className={styles.charges} aria-busy={query.isFetching}>
      <dl className={styles.figures}>
        <div className={styles.row}>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd data-testid="cart-subtotal">{rupees(charges.subtotal)}</dd>
        </div>
        {charges.convenienceFee !== "0.00" && (
          <div className={styles.row}>
            <dt>
              <Trans>Convenience fee</Trans>
            </dt>
            <dd data-testid="cart-convenience-fee">{rupees(charges.convenienceFee)}</dd>
          </div>
        )}
        {charges.platformFee !== "0.00" && (
          <div className={styles.row}>
            <dt>
              <Trans>Platform fee</Trans>
            </dt>
            <dd data-testid="cart-platform-fee">{rupees(charges.platformFee)}</dd>
          </div>
        )}
        <div className={styles.row}>
          <dt>
            <Trans>GST included</Trans>
          </dt>
          <dd data-testid="cart-gst">{rupees(charges.gstTotal)}</dd>
        </div>
        <div className={styles.row}>
          <dt>
            <Trans>Total without GST</Trans>
          </dt>
          <dd data-testid="cart-taxable">{rupees(charges.taxableTotal)}</dd>
        </div>
        <div className={`${styles.row} ${styles.total}`}>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="cart-total">{rupees(charges.total)}</dd>
        </div>
      </dl>
      <p className={fees ? styles.hint : styles.note} data-testid="cart-fee-hint">
        {fees ? (
          <Trans>
            Add {more} more for no convenience or platform fee (none on orders of {threshold} or more).
          </Trans>
        ) : (
          <Trans>No convenience or platform fee: this order is {threshold} or more.</Trans>
        )}
      </p>
    </div>
  );
}
