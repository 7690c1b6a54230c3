import { useId } from "react";
import { Link } from "react-router";
import { rupees } from "../../../lib/money";
import type { CheckoutQuote, PaymentMethod } from "../api/quote-order";
import { paymentLabels } from "../../../lib/payment-methods";
import styles from "./checkout.module.css";

/**
 * Step 4: the cart's choice, changeable; credit only when it can pay this total and nothing is
 * overdue; cash on delivery only within the day's cash limit (the gateway says why not, and the
 * other ways stay offered).
 */
export function PaymentStep({
  method,
  onChange,
  credit,
  cash,
  productName,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  credit: CheckoutQuote["credit"] | undefined;
  cash: CheckoutQuote["cash"] | undefined;
  productName: string;
}) {
  const id = useId();
  const labels = paymentLabels(productName);
  const creditRefused = credit !== undefined && !credit.offered;
  const cashRefused = cash !== undefined && !cash.offered;

  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>4. Payment</h2>
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">Payment method</legend>
        {(Object.keys(labels) as PaymentMethod[]).map((option) => (
          <label key={option} className={styles.choice}>
            <input type="radio" name={`${id}-method`} value={option} checked={method === option} onChange={() => onChange(option)} />
            <span>
              {labels[option]}
              {option === "credit" && credit?.offered && credit.available && (
                <span className={styles.hint}> (available {rupees(credit.available)})</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {method === "credit" && creditRefused && credit.message && (
        <p className="alert alert-danger" role="alert">
          {credit.message}{" "}
          {credit.repayUrl && (
            <Link to={credit.repayUrl}>Repay now</Link>
          )}
        </p>
      )}
      {cashRefused && cash.message && (
        <p className={method === "cod" ? "alert alert-danger" : styles.hint} role={method === "cod" ? "alert" : undefined} data-testid="cash-refused">
          {cash.message}
        </p>
      )}
      {method === "credit" && credit?.offered && (
        <p className={styles.hint}>Due in 30 days, with no interest.</p>
      )}
    </section>
  );
}
