import { Trans, useLingui } from "@lingui/react/macro";
import { useConfig } from "../../../lib/config";
import { rupees } from "../../../lib/money";
import type { PlacedOrder } from "../api/get-order";
import {
  payoutWords,
  pickupWords,
  returnMoneyWords,
  returnReasonWords,
  returnStepWords,
  type ReturnView,
} from "./returnWords";
import { NewPayeeForm } from "./NewPayeeForm";
import { TimelineStep } from "../../../components/orders/TimelineStep";
import timeline from "../../../components/orders/Timeline.module.css";
import styles from "./ReturnForm.module.css";

function OneReturn({ orderNumber, ret }: { orderNumber: string; ret: ReturnView }) {
  const { t } = useLingui();
  const config = useConfig();
  const number = ret.number;
  const amount = rupees(ret.amount);
  const pickup = pickupWords(ret.pickup);
  const noteNumber = ret.creditNote?.number ?? "";
  const invoiceNumber = ret.creditNote?.invoiceNumber ?? "";
  const payout = payoutWords(ret);
  return (
    <article className={styles.form} data-testid="return" aria-labelledby={`return-${number}`}>
      <h3 id={`return-${number}`}>
        <Trans>Return {number}</Trans>
      </h3>
      <ul className={styles.lines}>
        {ret.lines.map((line) => {
          const name = line.productName;
          const quantity = line.quantity;
          const total = rupees(line.lineTotal);
          return (
            <li key={line.productId} data-testid="return-item">
              <Trans>
                {quantity} x {name}: {total}
              </Trans>
            </li>
          );
        })}
      </ul>
      <p className={styles.hint}>
        <Trans>
          Reason: {returnReasonWords(ret.reason)}. Pickup: {pickup}.
        </Trans>
      </p>
      <ol className={timeline.timeline} aria-label={t`Return status`} data-testid="return-timeline">
        {ret.timeline.map((step) => (
          <TimelineStep
            key={step.status}
            state={step.state}
            label={returnStepWords(step.status)}
            at={step.at}
            testId="return-step"
            labelTestId="return-step-label"
          />
        ))}
      </ol>
      <p data-testid="return-money">
        <Trans>Refund {amount}:</Trans> {returnMoneyWords(ret, config.productName)}
      </p>
      {payout && (
        <p role="status" data-testid="return-payout" data-payout={ret.payout?.status}>
          {payout}
        </p>
      )}
      {ret.payout?.anotherAccount && <NewPayeeForm orderNumber={orderNumber} ret={ret} />}
      {ret.creditNote && (
        <p className={styles.hint}>
          <a
            className="btn btn-outline"
            href={ret.creditNote.downloadUrl}
            download={`credit-note-${number}.pdf`}
            data-testid="return-credit-note"
          >
            <Trans>
              Download credit note<span className="visually-hidden"> {noteNumber} (PDF)</span>
            </Trans>
          </a>{" "}
          <Trans>
            Credit note {noteNumber} against invoice {invoiceNumber}
          </Trans>
        </p>
      )}
    </article>
  );
}

/** The order's returns, each with its steps, where the money goes and, once received, its credit note. */
export function ReturnsPanel({ order }: { order: PlacedOrder }) {
  if (!order.returns || order.returns.length === 0) return null;
  return (
    <section className="card" aria-labelledby="returns-heading" data-testid="returns">
      <h2 id="returns-heading">
        <Trans>Returns</Trans>
      </h2>
      {order.returns.map((ret) => (
        <OneReturn key={ret.number} orderNumber={order.orderNumber} ret={ret} />
      ))}
    </section>
  );
}
