import { rupees } from "../../../lib/money";
import type { PlacedOrder } from "../api/get-order";
import { orderDay } from "./orderDates";
import { storeStyles as shared } from "../../store";
import styles from "./RefundNote.module.css";

type Refund = NonNullable<PlacedOrder["refund"]>;

const TITLES: Record<Refund["kind"], string> = {
  toSource: "Refund",
  creditReversed: "Credit cancelled",
  nothingPaid: "Nothing to refund",
};

/** What happens to the money of a cancelled (or returned) order, with the refund policy's timeline. */
export function RefundNote({ refund }: { refund: Refund }) {
  return (
    <section className={`card ${styles.refund}`} aria-labelledby="refund-heading" data-testid="refund">
      <h2 id="refund-heading" tabIndex={-1}>
        {TITLES[refund.kind]}
      </h2>
      <p>{refund.message}</p>
      {refund.kind !== "nothingPaid" && (
        <dl className={shared.facts}>
          <div>
            <dt>Amount</dt>
            <dd data-testid="refund-amount">{rupees(refund.amount)}</dd>
          </div>
          <div>
            <dt>Timeline</dt>
            <dd data-testid="refund-timeline">{refund.timeline}</dd>
          </div>
          {refund.expectedBy && (
            <div>
              <dt>Expected by</dt>
              <dd data-testid="refund-expected">{orderDay(refund.expectedBy)}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
