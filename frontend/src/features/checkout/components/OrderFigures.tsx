import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const rows: [string, string, string][] = [
    [t`Subtotal`, charges.subtotal, "subtotal"],
    [t`Convenience fee`, charges.convenienceFee, "convenience-fee"],
    [t`Platform fee`, charges.platformFee, "platform-fee"],
    [t`GST included`, charges.gstTotal, "gst"],
  ];
  return (
    <>
      <ul className={styles.lines}>
        {lines.map((line) => {
          const { hsnCode, gstRate } = line;
          const gst = rupees(line.gstAmount);
          const unit = rupees(line.unitPrice);
          return (
            <li key={line.productId} data-testid={`${testIdPrefix}-line`}>
              <span>
                {line.productName} × {line.quantity}
                {taxes && (
                  <span className={styles.tax}>
                    <Trans>
                      HSN {hsnCode} · GST {gstRate}% ({gst} included) · {unit} each
                    </Trans>
                  </span>
                )}
              </span>
              <span>{rupees(line.lineTotal)}</span>
            </li>
          );
        })}
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
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd data-testid={`${testIdPrefix}-total`}>{rupees(charges.total)}</dd>
      </div>
      </dl>
    </>
  );
}
