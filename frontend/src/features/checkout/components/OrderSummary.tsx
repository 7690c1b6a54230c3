import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { rupees } from "../../../lib/money";
import type { CheckoutQuote } from "../api/quote-order";
import { OrderFigures } from "../../../components/orders/OrderFigures";
import { promiseWords } from "../../../components/storefront/promise-words";
import { StockProblem } from "./StockProblem";
// The cart's lines before the quote are laid out as the quote's (OrderFigures) are, not again here.
import figures from "../../../components/orders/OrderFigures.module.css";
import styles from "./checkout.module.css";

/** The cart's lines as the store's cart has them, shown until the quote's own lines arrive. */
export interface CartLineShown {
  productId: number;
  productName: string;
  quantity: number;
  mrpWithCashDiscount: string;
  linePrice: string;
}

/**
 * Step 4: the cart's lines from the start (the store's cart figures), then every figure from the
 * gateway's quote (the orders service) once there is an address to price for; never worked out here.
 * When the quote is refused the summary says why instead of waiting: a stock problem names the
 * lines and offers to set them to what can be bought.
 */
export function OrderSummary({
  quote,
  loading,
  waiting,
  problem = null,
  cartLines,
  cartSubtotal,
  cartSaving,
}: {
  quote: CheckoutQuote | undefined;
  loading: boolean;
  waiting: boolean;
  /** The quote's refusal: its code and the words shown for it. */
  problem?: { code: string | undefined; message: string } | null;
  cartLines: CartLineShown[];
  cartSubtotal: string;
  cartSaving: string;
}) {
  const id = useId();
  const shown = problem ? undefined : quote;
  const saving = rupees(cartSaving);
  const subtotal = rupees(cartSubtotal);
  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`} aria-busy={loading}>
      <h2 id={`${id}-heading`}>
        <Trans>4. Order summary</Trans>
      </h2>
      {problem ? (
        problem.code === "out_of_stock" ? (
          <StockProblem message={problem.message} />
        ) : (
          <p className={styles.hint} data-testid="summary-problem">
            {problem.message}
          </p>
        )
      ) : !shown ? (
        <>
          <ul className={figures.lines}>
            {cartLines.map((line) => {
              const unit = rupees(line.mrpWithCashDiscount);
              const quantity = line.quantity;
              return (
                <li key={line.productId} data-testid="summary-line">
                  <span>
                    {line.productName}
                    <span className={figures.unit}>
                      <Trans>
                        {quantity} × {unit} each
                      </Trans>
                    </span>
                  </span>
                  <span className={figures.amount}>{rupees(line.linePrice)}</span>
                </li>
              );
            })}
          </ul>
          <dl className={figures.figures}>
            <div className={figures.row}>
              <dt>
                <Trans>Subtotal</Trans>
              </dt>
              <dd>{subtotal}</dd>
            </div>
          </dl>
          <p className={styles.hint}>
            {waiting ? <Trans>Fees, GST and the total follow once the delivery address is complete.</Trans> : <Trans>Working out the total…</Trans>}
          </p>
        </>
      ) : (
        <>
          <OrderFigures lines={shown.lines} charges={shown.charges} testIdPrefix="summary" business={shown.business !== null} />
          {shown.charges.shortOfNoFees === "0.00" ? (
            <p className={styles.hint}>
              <NoFees charges={shown.charges} />
            </p>
          ) : (
            <p className={styles.hint} data-testid="summary-fee-hint">
              <FeeHint charges={shown.charges} />
            </p>
          )}
          <p className={shown.delivery.type === "oneHour" ? styles.oneHour : styles.promise} data-testid="summary-delivery">
            {promiseWords(shown.delivery)}
          </p>
        </>
      )}
      {cartSaving !== "0.00" && (
        <p className={styles.saving} data-testid="summary-saving">
          <Trans>You save {saving} on M.R.P.</Trans>
        </p>
      )}
    </section>
  );
}

/** What removes the fees, in the orders service's figures. */
function FeeHint({ charges }: { charges: CheckoutQuote["charges"] }) {
  const more = rupees(charges.shortOfNoFees);
  const threshold = rupees(charges.feeThreshold);
  return (
    <Trans>
      Add {more} more for no convenience or platform fee (none on orders of {threshold} or more).
    </Trans>
  );
}

function NoFees({ charges }: { charges: CheckoutQuote["charges"] }) {
  const threshold = rupees(charges.feeThreshold);
  return <Trans>No convenience or platform fee: this order is {threshold} or more.</Trans>;
}
