import { Link } from "react-router";
import type { Product } from "../api/get-product";
import styles from "./ProductFacts.module.css";

/** 'Only 2 left' or 'Out of stock' when the catalogue says so (the checkout checks again). */
export function StockNote({ stock }: { stock: number | null }) {
  if (stock === null || stock > 3) return null;
  return (
    <p className={stock === 0 ? styles.soldOut : styles.fewLeft}>{stock === 0 ? "Out of stock" : `Only ${stock} left`}</p>
  );
}

/** The detail page's specification rows, then the delivery and returns notes. */
export function ProductFacts({ product }: { product: Product }) {
  const rows: [string, string][] = [];
  if (product.brandName) rows.push(["Brand", product.brandName]);
  if (product.category) rows.push(["Category", product.category.name]);
  if (product.packSize) rows.push(["Pack size", product.packSize]);
  rows.push(["Warranty", product.warranty ?? "No warranty"]);
  if (product.hsnCode) rows.push(["HSN code", product.hsnCode]);
  if (product.gstRate !== null) rows.push(["GST rate", `${product.gstRate}% (included in the price)`]);

  return (
    <div className={styles.facts}>
      <section aria-labelledby="specs-heading">
        <h2 id="specs-heading">Specifications</h2>
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
        <h2 id="delivery-heading">Delivery</h2>
        <p>
          Free delivery. Get it in 1 Hour where your pin code allows it; elsewhere the order is packed in 1-2 business
          days and arrives in 5-7 business days. The checkout tells you for your pin code.
        </p>
      </section>
      <section aria-labelledby="returns-heading">
        <h2 id="returns-heading">Returns</h2>
        <p>
          7-day return window from delivery: unused, in its original packaging, with the invoice. Wires cut to a custom
          length and goods with a broken safety seal cannot be returned unless they arrived damaged, defective or wrong.{" "}
          <Link to="/cancellation-and-refunds">Cancellation and refunds</Link>
        </p>
      </section>
    </div>
  );
}
