import type { ReactNode } from "react";
import styles from "../credit.module.css";

/** One row of an offer's or a Key Facts Statement's figures: what it is, and its value. */
export interface Fact {
  term: ReactNode;
  value: ReactNode;
}

/** Figures as a description list, a row each, as the credit screens show them. */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className={styles.figures}>
      {facts.map((fact, index) => (
        // A fixed list, never reordered: its place is its identity.
        <div key={index}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
