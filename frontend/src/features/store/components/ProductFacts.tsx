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
          <Trans>
            Free delivery. Get it in 1 Hour where your pin code allows it; elsewhere the order is packed in 1-2
            business days and arrives in 5-7 business days. The checkout tells you for your pin code.
          </Trans>
        </p>
      </section>
      <section aria-labelledby="returns-heading">
        <h2 id="returns-heading">
          <Trans>Returns</Trans>
        </h2>
        <p>
          <Trans>
            7-day return window from delivery: unused, in its original packaging, with the invoice. Wires cut to a
            custom length and goods with a broken safety seal cannot be returned unless they arrived damaged, defective
            or wrong.
          </Trans>{" "}
          <Link to="/cancellation-and-refunds">
            <Trans>Cancellation and refunds</Trans>
          </Link>
        </p>
      </section>
    </div>
  );
}
