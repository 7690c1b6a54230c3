import { useLingui } from "@lingui/react/macro";
import type { PlacedOrder } from "../api/get-order";
import { TimelineStep } from "../../../components/orders/TimelineStep";
import { noteWords, statusWords } from "./orderWords";
import styles from "../../../components/orders/Timeline.module.css";

/** The order's status timeline as an ordered list: steps reached (with their time), the current one, those to come. */
export function OrderTimeline({ steps }: { steps: PlacedOrder["timeline"] }) {
  const { t } = useLingui();
  return (
    <ol className={styles.timeline} aria-label={t`Order status`} data-testid="order-timeline">
      {steps.map((step, index) => (
        <TimelineStep
          // A failed delivery can repeat a status, so the position is part of the key.
          key={`${step.status}-${index}`}
          state={step.state}
          label={statusWords(step.status)}
          at={step.at}
          note={noteWords(step)}
          testId="timeline-step"
          labelTestId="step-label"
        />
      ))}
    </ol>
  );
}
