import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import styles from "./StepList.module.css";

interface Step {
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** Numbered steps: side by side on a wide screen, one under another on a phone. */
export function StepList({ steps, testId }: { steps: readonly Step[]; testId?: string }) {
  const { i18n } = useLingui();
  return (
    <ol className={styles.steps} data-testid={testId}>
      {steps.map((step, index) => (
        <li key={index} className={styles.step}>
          <span className={styles.number} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3>{i18n._(step.title)}</h3>
            <p>{i18n._(step.text)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
