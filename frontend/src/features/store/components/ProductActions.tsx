import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { useNavigate } from "react-router";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import type { Product } from "../api/get-product";
import { useStore } from "../../../components/storefront/store-state";
import { QuantityControl } from "./QuantityControl";
import styles from "./ProductActions.module.css";

interface ProductActionsProps {
  product: Product;
  className: string;
  /** Hold the buttons while a cart call is under way (the detail page shows its overlay). */
  disabled?: boolean;
  /** In a list of products: each button is named by its action and the product (`{label}-name`
   * is the product's name), not 'Add to cart' a dozen times over. */
  label?: string;
}

/**
 * As in quick-commerce apps: 'Add to cart' while the product is not in the cart, then minus /
 * quantity / plus in its place; 'Buy Now' adds one if it is not in the cart yet and opens the
 * cart. The same on a card and the detail page. The stock (units that can be bought, net of
 * open orders) caps them: sold out, both are off and say so; at the stock, plus is off.
 */
export function ProductActions({ product, className, disabled = false, label }: ProductActionsProps) {
  const navigate = useNavigate();
  const store = useStore();
  const quantity = store.quantityOf(product.id, product.quantity);
  const item = { id: product.id, productName: product.productName };
  const stock = product.stockQuantity;
  const soldOut = stock !== null && stock <= 0 && quantity === 0;
  const atStock = stock !== null && quantity >= stock;
  const left = stock ?? 0;
  const noteId = useId();
  const named = (action: string) => (label ? { id: `${label}-${action}`, "aria-labelledby": `${label}-${action} ${label}-name` } : {});
  return (
    // In the HTML of /products's first page (filled in by the gateway) until hydrated.
    <div className={`${styles.actions} ${className}`} ref={enableWhenHydrated}>
      {quantity > 0 ? (
        <QuantityControl
          name={product.productName}
          quantity={quantity}
          disabled={disabled}
          plusDisabled={atStock}
          plusNoteId={noteId}
          onMinus={() => void store.minus(item)}
          onPlus={() => void store.add(item)}
        />
      ) : soldOut ? (
        <button type="button" className="btn btn-outline" disabled data-testid="out-of-stock" {...named("out")}>
          <Trans>Out of stock</Trans>
        </button>
      ) : (
        <button type="button" className="btn btn-outline" disabled={disabled} onClick={() => void store.add(item)} {...named("add")}>
          <Trans>Add to cart</Trans>
        </button>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={disabled || soldOut}
        {...named("buy")}
        onClick={() => store.buyNow(item, () => navigate("/shopping-cart"))}
      >
        <Trans>Buy Now</Trans>
      </button>
      {quantity > 0 && atStock && (
        <p id={noteId} className={styles.stock} role="status">
          {left > 0 ? <Trans>Only {left} left</Trans> : <Trans>Out of stock</Trans>}
        </p>
      )}
    </div>
  );
}
