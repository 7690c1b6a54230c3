import type { Product } from "../api/get-product";
import styles from "./ProductPrices.module.css";

/** Listing price, struck-through M.R.P and the percent off (only when above 0; the gateway writes it "18").
 * The amounts are the gateway's texts, shown as they are: the first page in the HTML has the same. */
export function ProductPrices({ product }: { product: Product }) {
  return (
    <p className={styles.prices}>
      <span className={styles.price}>{product.priceText}</span>{" "}
      <span className={styles.mrp}>
        M.R.P: <s>{product.mrpText}</s>
      </span>
      {Number(product.discountToMerchant) > 0 && <span className={styles.off}>{product.discountToMerchant}% off</span>}
    </p>
  );
}

/** The quick-commerce delivery promise shown with every product. */
export function DeliveryNotes() {
  return (
    <ul className={styles.deliveryNotes}>
      <li>Free &amp; Fastest Delivery</li>
      <li>Get it in 1 Hour</li>
    </ul>
  );
}
