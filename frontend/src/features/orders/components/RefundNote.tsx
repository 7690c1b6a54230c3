import { Trans } from "@lingui/react/macro";
import { rupees } from "../../../lib/money";
import type { PlacedOrder } from "../api/get-order";
import { dayOf } from "../../../lib/dates";
import shared from "../../../components/storefront/storefront.module.css";
import { refundWords } from "./orderWords";
import styles from "./RefundNote.module.css";

type Refund = NonNullable<PlacedOrder["refund"]>;

/** What happens to the money of a cancelled (or returned) order, with the refund policy's timeline. */
export function RefundNote({ refund }: { refund: Refund }) {
  const words = refundWords(refund);
  return (
    <section className={`card ${styles.refund}`} aria-labelledby="refund-heading" data-testid="refund">
      <h2 id="refund-heading" tabIndex={-1}>
        {words.title}
      </h2>
      <p>{words.message}</p>
      {refund.kind !== "nothingPaid" && (
        <dl className={shared.facts}>
          <div>
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd data-testid="refund-amount">{rupees(refund.amount)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Timeline</Trans>
            </dt>
            <dd data-testid="refund-timeline">{words.timeline}</dd>
          </div>
          {refund.expectedBy && refund.providerState !== "credited" && refund.providerState !== "onHold" && (
            <div>
              <dt>
                <Trans>Expected by</Trans>
              </dt>
              <dd data-testid="refund-expected">{dayOf(refund.expectedBy)}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
