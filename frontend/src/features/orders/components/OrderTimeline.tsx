import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { PlacedOrder } from "../api/get-order";
import { dayAndTime } from "../../../lib/dates";
import { noteWords, statusWords } from "./orderWords";
import styles from "./OrderTimeline.module.css";

// aria-current announces the current step itself.
const STATE_WORDS = { done: msg`, done`, current: null, upcoming: msg`, to come` } as const;

/** The order's status timeline as an ordered list: steps reached (with their time), the current one, those to come. */
export function OrderTimeline({ steps }: { steps: PlacedOrder["timeline"] }) {
  const { t } = useLingui();
  return (
    <ol className={styles.timeline} aria-label={t`Order status`} data-testid="order-timeline">
      {steps.map((step, index) => {
        const stateWords = STATE_WORDS[step.state];
        const note = noteWords(step);
        return (
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
              {statusWords(step.status)}
            </span>
            {stateWords && <span className="visually-hidden">{t(stateWords)}</span>}
            {step.at && <span className={styles.at}>{dayAndTime(step.at)}</span>}
            {note && <span className={styles.note}>{note}</span>}
          </span>
        </li>
        );
      })}
    </ol>
  );
}
