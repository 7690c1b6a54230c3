import { DeliveryLabel } from "./DeliveryLabel";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { Product } from "../api/get-product";
import styles from "./ProductFacts.module.css";

/** 'Only 2 left' or 'Out of stock' when the catalogue says so (the checkout checks again). */
export function StockNote({ stock }: { stock: number | null }) {
  if (stock === null || stock > 3) return null;
  return (
    <p className={stock === 0 ? styles.soldOut : styles.fewLeft}>
      {stock === 0 ? <Trans>Out of stock</Trans> : <Trans>Only {stock} left</Trans>}
    </p>
  );
}

/** The detail page's specification rows, then the delivery and returns notes. */
export function ProductFacts({ product }: { product: Product }) {
  const { t } = useLingui();
  const rate = product.gstRate;
  const returnDays = product.returnDays ?? 7; // the store's window when the catalogue does not say
  const rows: [string, string][] = [];
  if (product.brandName) rows.push([t`Brand`, product.brandName]);
  if (product.category) rows.push([t`Category`, product.category.name]);
  if (product.packSize) rows.push([t`Pack size`, product.packSize]);
  rows.push([t`Warranty`, product.warranty ?? t`No warranty`]);
  if (product.hsnCode) rows.push([t`HSN code`, product.hsnCode]);
  if (rate !== null) rows.push([t`GST rate`, t`${rate}% (included in the price)`]);

  return (
    <div className={styles.facts}>
      <section aria-labelledby="specs-heading">
        <h2 id="specs-heading">
          <Trans>Specifications</Trans>
        </h2>
        <table className={styles.table}>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">
          <Trans>Delivery</Trans>
        </h2>
        <p>
          <DeliveryLabel withHours />
        </p>
      </section>
      <section aria-labelledby="returns-heading">
        <h2 id="returns-heading">
          <Trans>Returns</Trans>
        </h2>
        <p data-testid="return-window">
          {product.returnDays === 0 ? (
            <Trans>
              Cut to the length you order, so this item cannot be returned. If it arrives damaged, defective or wrong,
              please contact us.
            </Trans>
          ) : (
            <Trans>
              {returnDays}-day return window from delivery: unused, in its original packaging, with the invoice. Goods
              with a broken safety seal cannot be returned unless they arrived damaged, defective or wrong.
            </Trans>
          )}{" "}
          <Link to="/cancellation-and-refunds">
            <Trans>Cancellation and refunds</Trans>
          </Link>
        </p>
      </section>
    </div>
  );
}
