import { Trans } from "@lingui/react/macro";
import type { Product } from "../api/get-product";
import styles from "./ProductPrices.module.css";

/** Listing price, struck-through M.R.P and the percent off (only when above 0; the gateway writes it "18").
 * The amounts are the gateway's texts, shown as they are: the first page in the HTML has the same. */
export function ProductPrices({ product }: { product: Product }) {
  const mrp = product.mrpText;
  const percent = product.discountToMerchant;
  return (
    <p className={styles.prices}>
      <span className={styles.price}>{product.priceText}</span>{" "}
      <span className={styles.mrp}>
        <Trans>
          M.R.P: <s>{mrp}</s>
        </Trans>
      </span>
      {Number(product.discountToMerchant) > 0 && (
        <span className={styles.off}>
          <Trans>{percent}% off</Trans>
        </span>
      )}
    </p>
  );
}

/** The quick-commerce delivery promise shown with every product. */
export function DeliveryNotes() {
  return (
    <ul className={styles.deliveryNotes}>
      <li>
        <Trans>Free &amp; Fastest Delivery</Trans>
      </li>
      <li>
        <Trans>Get it in 1 Hour</Trans>
      </li>
    </ul>
  );
}
