import { useId } from "react";
import type { CheckoutQuote } from "../api/quote-order";
import { OrderFigures } from "./OrderFigures";
import styles from "./checkout.module.css";

/** Step 3: every figure from the gateway's quote (the orders service), never worked out here. */
export function OrderSummary({ quote, loading, waiting }: { quote: CheckoutQuote | undefined; loading: boolean; waiting: boolean }) {
  const id = useId();
  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`} aria-busy={loading}>
      <h2 id={`${id}-heading`}>3. Order summary</h2>
      {!quote ? (
        <p className={styles.hint}>{waiting ? "Choose a delivery address to see the total." : "Working out the total…"}</p>
      ) : (
        <>
          <OrderFigures lines={quote.lines} charges={quote.charges} testIdPrefix="summary" />
          {quote.charges.convenienceFee === "0.00" && <p className={styles.hint}>No convenience or platform fee on orders of ₹1,199 or more.</p>}
          <p className={quote.delivery.type === "oneHour" ? styles.oneHour : styles.promise} data-testid="summary-delivery">
            {quote.delivery.label}
          </p>
        </>
      )}
    </section>
  );
}
