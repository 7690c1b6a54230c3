import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import type { CheckoutQuote } from "../api/quote-order";
import { OrderFigures } from "./OrderFigures";
import { deliveryWords } from "./orderWords";
import styles from "./checkout.module.css";

/** Step 3: every figure from the gateway's quote (the orders service), never worked out here. */
export function OrderSummary({ quote, loading, waiting }: { quote: CheckoutQuote | undefined; loading: boolean; waiting: boolean }) {
  const id = useId();
  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`} aria-busy={loading}>
      <h2 id={`${id}-heading`}>
        <Trans>3. Order summary</Trans>
      </h2>
      {!quote ? (
        <p className={styles.hint}>{waiting ? <Trans>Choose a delivery address to see the total.</Trans> : <Trans>Working out the total…</Trans>}</p>
      ) : (
        <>
          <OrderFigures lines={quote.lines} charges={quote.charges} testIdPrefix="summary" />
          {quote.charges.convenienceFee === "0.00" && (
            <p className={styles.hint}>
              <Trans>No convenience or platform fee on orders of ₹1,199 or more.</Trans>
            </p>
          )}
          <p className={quote.delivery.type === "oneHour" ? styles.oneHour : styles.promise} data-testid="summary-delivery">
            {deliveryWords(quote.delivery)}
          </p>
        </>
      )}
    </section>
  );
}
