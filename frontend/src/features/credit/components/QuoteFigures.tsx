import { Trans } from "@lingui/react/macro";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { CreditLineQuote } from "../api/get-quote";
import styles from "../credit.module.css";

/** Today's quote, as the lender worked it out: what it is made of, and the day it holds. */
export function QuoteFigures({ quote }: { quote: CreditLineQuote }) {
  const exit = quote.purpose === "coolingOffExit";
  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>
            <Trans>Principal</Trans>
          </dt>
          <dd>{rupees(quote.principal)}</dd>
        </div>
        <div>
          <dt>{exit ? <Trans>APR for {quote.daysHeld} days held</Trans> : <Trans>Interest to date</Trans>}</dt>
          <dd>{rupees(quote.interest)}</dd>
        </div>
        {!exit && (
          <div>
            <dt>
              <Trans>Foreclosure charge</Trans>
            </dt>
            <dd>{rupees(quote.charge)}</dd>
          </div>
        )}
        <div>
          <dt>
            <Trans>Penalty</Trans>
          </dt>
          <dd>{rupees(quote.penalty)}</dd>
        </div>
        <div className={styles.total}>
          <dt>
            <Trans>Total to pay</Trans>
          </dt>
          <dd>{rupees(quote.total)}</dd>
        </div>
      </dl>
      <p className={styles.hint}>
        <Trans>This quote holds on {calendarDay(quote.validOn)} only.</Trans>
      </p>
    </>
  );
}
