import { Trans, useLingui } from "@lingui/react/macro";
import type { components } from "../../api/schema";
import { rupees } from "../../lib/money";
import styles from "./OrderFigures.module.css";

type Schemas = components["schemas"];

/** An order's figures, as the checkout's summary (a quote) and the order page (a placed order) show
 * them: the lines, subtotal, the fees (only when charged: orders under ₹1,199), the GST included (the
 * fees' too, as the invoice taxes them) with its CGST + SGST or IGST, and the total: every figure
 * the orders service's (docs/decisions/one-tax-rule.md). */
export function OrderFigures({
  lines,
  charges,
  testIdPrefix,
  taxes = false,
  business = false,
}: {
  lines: Schemas["OrderLineView"][];
  charges: Schemas["OrderCharges"];
  testIdPrefix: string;
  /** Each line's HSN code, GST rate and GST amount under it (the order page). */
  taxes?: boolean;
  /** A buyer with a GSTIN: each line and the total without GST too. */
  business?: boolean;
}) {
  const { t } = useLingui();
  const rows: [string, string, string][] = [
    [t`Subtotal`, charges.subtotal, "subtotal"],
    [t`Convenience fee`, charges.convenienceFee, "convenience-fee"],
    [t`Platform fee`, charges.platformFee, "platform-fee"],
    [t`GST included`, charges.gstTotal, "gst"],
  ];
  // Within the shipping store's state CGST and SGST (the GST's halves, a paisa apart at most),
  // across states IGST; unknown: neither.
  if (charges.igst !== null && charges.igst !== "0.00") rows.push([t`IGST`, charges.igst, "igst"]);
  else if (charges.cgst !== null && charges.sgst !== null && charges.cgst !== "0.00") {
    rows.push([t`CGST`, charges.cgst, "cgst"], [t`SGST`, charges.sgst, "sgst"]);
  }
  if (business) rows.push([t`Total without GST`, charges.taxableTotal, "taxable"]);
  return (
    <>
      <ul className={styles.lines}>
        {lines.map((line) => {
          const { hsnCode, gstRate, quantity } = line;
          const gst = rupees(line.gstAmount);
          const unit = rupees(line.unitPrice);
          const taxable = rupees(line.taxableAmount);
          return (
            <li key={line.productId} data-testid={`${testIdPrefix}-line`}>
              <span>
                {line.productName}
                {!taxes && (
                  <span className={styles.unit}>
                    <Trans>
                      {quantity} × {unit} each
                    </Trans>
                  </span>
                )}
                {taxes && (
                  <span className={styles.tax}>
                    <Trans>
                      HSN {hsnCode} · GST {gstRate}% ({gst} included) · {quantity} × {unit} each
                    </Trans>
                  </span>
                )}
                {business && (
                  <span className={styles.tax} data-testid={`${testIdPrefix}-line-taxable`}>
                    <Trans>{taxable} without GST</Trans>
                  </span>
                )}
              </span>
              <span className={styles.amount}>{rupees(line.lineTotal)}</span>
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
