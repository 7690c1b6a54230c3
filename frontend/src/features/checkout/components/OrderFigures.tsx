import { rupees } from "../../../lib/money";
import type { CheckoutQuote } from "../api/quote-order";
import styles from "./checkout.module.css";

/** The lines, subtotal, the fees (only when charged: orders under ₹1,199), the GST included and the total. */
export function OrderFigures({
  lines,
  charges,
  testIdPrefix,
  taxes = false,
}: {
  lines: CheckoutQuote["lines"];
  charges: CheckoutQuote["charges"];
  testIdPrefix: string;
  /** Each line's HSN code, GST rate and GST amount under it (the order page). */
  taxes?: boolean;
}) {
  const rows: [string, string, string][] = [
    ["Subtotal", charges.subtotal, "subtotal"],
    ["Convenience fee", charges.convenienceFee, "convenience-fee"],
    ["Platform fee", charges.platformFee, "platform-fee"],
    ["GST included", charges.gstTotal, "gst"],
  ];
  return (
    <>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.productId} data-testid={`${testIdPrefix}-line`}>
            <span>
              {line.productName} × {line.quantity}
              {taxes && (
                <span className={styles.tax}>
                  HSN {line.hsnCode} · GST {line.gstRate}% ({rupees(line.gstAmount)} included) · {rupees(line.unitPrice)} each
                </span>
              )}
            </span>
            <span>{rupees(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className={styles.figures}>
      {rows
        .filter(([, amount, key]) => amount !== "0.00" || key === "subtotal" || key === "gst")
        .map(([label, amount, key]) => (
          <div key={key} className={styles.row}>
            <dt>{label}</dt>
            <dd data-testid={`${testIdPrefix}-${key}`}>{rupees(amount)}</dd>
          </div>
        ))}
      <div className={`${styles.row} ${styles.total}`}>
        <dt>Total</dt>
        <dd data-testid={`${testIdPrefix}-total`}>{rupees(charges.total)}</dd>
      </div>
      </dl>
    </>
  );
}
