import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { Link } from "react-router";
import { rupees } from "../../../lib/money";
import { creditTermValues } from "../../../content/credit-terms";
import type { CheckoutQuote, PaymentMethod } from "../api/quote-order";
import { paymentLabels } from "../../../lib/payment-methods";
import { cashRefusalWords, creditRefusalWords } from "./checkoutWords";
import styles from "./checkout.module.css";

/**
 * Step 3: the cart's choice, changeable; credit only when it can pay this total and nothing is
 * overdue; cash on delivery only within the day's cash limit (the gateway says why not, and the
 * other ways stay offered).
 */
export function PaymentStep({
  method,
  onChange,
  credit,
  cash,
  total,
  productName,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  credit: CheckoutQuote["credit"] | undefined;
  cash: CheckoutQuote["cash"] | undefined;
  /** The quote's total, which the reasons credit or cash cannot pay name. */
  total: string | undefined;
  productName: string;
}) {
  const id = useId();
  const labels = paymentLabels(productName);
  const available = rupees(credit?.available ?? "0.00");
  const creditRefused = credit !== undefined && !credit.offered;
  const cashRefused = cash !== undefined && !cash.offered;
  const creditWhy = credit && total !== undefined ? creditRefusalWords(credit, total, productName) : null;
  const cashWhy = cash && total !== undefined ? cashRefusalWords(cash, total, productName) : null;
  const { interestFreeDays, interestFrom, interestTo } = creditTermValues();

  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>3. Payment</Trans>
      </h2>
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">
          <Trans>Payment method</Trans>
        </legend>
        {(Object.keys(labels) as PaymentMethod[]).map((option) => (
          <label key={option} className={styles.choice}>
            <input type="radio" name={`${id}-method`} value={option} checked={method === option} onChange={() => onChange(option)} />
            <span>
              {labels[option]}
              {option === "credit" && credit?.offered && credit.available && (
                <span className={styles.hint}>
                  {" "}
                  <Trans>(available {available})</Trans>
                </span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {method === "credit" && creditRefused && creditWhy && (
        <p className="alert alert-danger" role="alert">
          {creditWhy}{" "}
          {credit.repayUrl && (
            <Link to={credit.repayUrl}>
              <Trans>Repay now</Trans>
            </Link>
          )}
          {credit.applyUrl && (
            <Link to={credit.applyUrl}>
              <Trans>Apply for {productName} Credit</Trans>
            </Link>
          )}
        </p>
      )}
      {cashRefused && cashWhy && (
        <p className={method === "cod" ? "alert alert-danger" : styles.hint} role={method === "cod" ? "alert" : undefined} data-testid="cash-refused">
          {cashWhy}
        </p>
      )}
      {method === "credit" && credit?.offered && (
        <p className={styles.hint}>
          <Trans>
            Interest-free for {interestFreeDays} days: due by then. After that the lender charges interest of {interestFrom} to{" "}
            {interestTo} a year.
          </Trans>
        </p>
      )}
    </section>
  );
}
