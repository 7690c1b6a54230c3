import { Trans } from "@lingui/react/macro";
import type { Product } from "../api/get-product";
import { DeliveryLabel } from "./DeliveryLabel";
import styles from "./ProductPrices.module.css";

/** Listing price, the M.R.P struck through (only when it is above the price) and the percent off
 * (only when above 0; the gateway writes it "18").
 * The amounts are the gateway's texts, shown as they are: the first page in the HTML has the same. */
export function ProductPrices({ product }: { product: Product }) {
  const mrp = product.mrpText;
  const percent = product.discountToMerchant;
  return (
    <p className={styles.prices}>
      <span className={styles.price}>{product.priceText}</span>{" "}
      {Number(product.mrp) > Number(product.listingPrice) && (
        <span className={styles.mrp}>
          <Trans>
            M.R.P: <s>{mrp}</s>
          </Trans>
        </span>
      )}
      {Number(product.discountToMerchant) > 0 && (
        <span className={styles.off}>
          <Trans>{percent}% off</Trans>
        </span>
      )}
    </p>
  );
}

/** The delivery promise shown with every product: the chosen pin code's, never a guess. */
export function DeliveryNotes() {
  return (
    <p className={styles.deliveryNotes}>
      <DeliveryLabel />
    </p>
  );
}
