import type { ReactNode } from "react";
import styles from "../qa.module.css";

/** A long table in a box of its own height, focusable to scroll it by keyboard, named by its table's heading. */
export function ScrollBox({ label, short = false, children }: { label: string; short?: boolean; children: ReactNode }) {
  return (
    <div className={short ? `${styles.scroll} ${styles.short}` : styles.scroll} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
