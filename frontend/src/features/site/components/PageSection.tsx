import type { MessageDescriptor } from "@lingui/core";
import type { ReactNode } from "react";
import styles from "../pages/site.module.css";
import { useSay } from "./figures";

interface PageSectionProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The tinted background that alternates down a marketing page. */
  soft?: boolean;
  children: ReactNode;
}

/** A titled band of a marketing page: its heading names the region for screen readers. */
export function PageSection({ id, title, intro, soft = false, children }: PageSectionProps) {
  return (
    <section className={soft ? `${styles.section} ${styles.soft}` : styles.section} aria-labelledby={id}>
      <div className="container">
        <h2 id={id}>{title}</h2>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}

export interface FeatureCard {
  title: MessageDescriptor;
  text: MessageDescriptor;
  image?: string;
}

/** A grid of short cards (benefits, platform features), each with an optional icon. */
export function FeatureCards({ items }: { items: readonly FeatureCard[] }) {
  const say = useSay();
  return (
    <div className={styles.cards}>
      {items.map((item, index) => (
        <article key={index} className={styles.card}>
          {item.image && <img loading="lazy" src={item.image} alt="" width={88} height={88} />}
          <h3>{say(item.title)}</h3>
          <p>{say(item.text)}</p>
        </article>
      ))}
    </div>
  );
}
