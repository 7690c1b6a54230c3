import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { dayAndTime } from "../../lib/dates";
import styles from "./Timeline.module.css";

// aria-current announces the current step itself.
const STATE_WORDS = { done: msg`, done`, current: null, upcoming: msg`, to come` } as const;

/**
 * One step of a status timeline (an order's, a return's), an item of a list with the class
 * `timeline` of Timeline.module.css: reached (with its time), the current one, or to come.
 */
export function TimelineStep({
  state,
  label,
  at,
  note,
  testId,
  labelTestId,
}: {
  state: keyof typeof STATE_WORDS;
  label: ReactNode;
  at?: string | null;
  note?: ReactNode;
  testId: string;
  labelTestId: string;
}) {
  const { t } = useLingui();
  const stateWords = STATE_WORDS[state];
  return (
    <li
      className={`${styles.step} ${styles[state]}`}
      aria-current={state === "current" ? "step" : undefined}
      data-testid={testId}
      data-state={state}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>
        <span className={styles.label} data-testid={labelTestId}>
          {label}
        </span>
        {stateWords && <span className="visually-hidden">{t(stateWords)}</span>}
        {at && <span className={styles.at}>{dayAndTime(at)}</span>}
        {note && <span className={styles.note}>{note}</span>}
      </span>
    </li>
  );
}
