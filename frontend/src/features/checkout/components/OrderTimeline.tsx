import type { PlacedOrder } from "../api/get-order";
import { orderTime } from "./orderDates";
import styles from "./OrderTimeline.module.css";

// aria-current announces the current step itself.
const STATE_WORDS = { done: ", done", current: "", upcoming: ", to come" } as const;

/** The order's status timeline as an ordered list: steps reached (with their time), the current one, those to come. */
export function OrderTimeline({ steps }: { steps: PlacedOrder["timeline"] }) {
  return (
    <ol className={styles.timeline} aria-label="Order status" data-testid="order-timeline">
      {steps.map((step, index) => (
        <li
          // A failed delivery can repeat a status, so the position is part of the key.
          key={`${step.status}-${index}`}
          className={`${styles.step} ${styles[step.state]}`}
          aria-current={step.state === "current" ? "step" : undefined}
          data-testid="timeline-step"
          data-state={step.state}
        >
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.text}>
            <span className={styles.label} data-testid="step-label">
              {step.label}
            </span>
            {STATE_WORDS[step.state] && <span className="visually-hidden">{STATE_WORDS[step.state]}</span>}
            {step.at && <span className={styles.at}>{orderTime(step.at)}</span>}
            {step.note && <span className={styles.note}>{step.note}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
