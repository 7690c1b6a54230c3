import styles from "./StepList.module.css";

interface Step {
  title: string;
  text: string;
}

/** Numbered steps: side by side on a wide screen, one under another on a phone. */
export function StepList({ steps, testId }: { steps: readonly Step[]; testId?: string }) {
  return (
    <ol className={styles.steps} data-testid={testId}>
      {steps.map((step, index) => (
        <li key={step.title} className={styles.step}>
          <span className={styles.number} aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
