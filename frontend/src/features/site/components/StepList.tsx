import type { MessageDescriptor } from "@lingui/core";
import { useSay } from "./figures";
import styles from "./StepList.module.css";

interface Step {
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** Numbered steps: side by side on a wide screen, one under another on a phone. */
export function StepList({ steps, testId }: { steps: readonly Step[]; testId?: string }) {
  const say = useSay(); // a step may name a figure (the repayment days)
  return (
    <ol className={styles.steps} data-testid={testId}>
      {steps.map((step, index) => (
        <li key={index} className={styles.step}>
          <span className={styles.number} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3>{say(step.title)}</h3>
            <p>{say(step.text)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
