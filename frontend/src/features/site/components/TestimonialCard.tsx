import { useLingui } from "@lingui/react";
import type { Testimonial } from "../data/marketing";
import styles from "./TestimonialCard.module.css";

export function TestimonialCard({ item, extra }: { item: Testimonial; extra?: string }) {
  const { i18n } = useLingui();
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>“{i18n._(item.quote)}”</blockquote>
      <figcaption className={styles.who}>
        <img loading="lazy" src={item.avatar} alt="" width={56} height={56} className={styles.avatar} />
        <span>
          <strong>{i18n._(item.name)}</strong>
          <br />
          <span className={styles.role}>{i18n._(item.role)}</span>
          {extra && (
            <>
              <br />
              <span className={styles.role}>{extra}</span>
            </>
          )}
        </span>
      </figcaption>
    </figure>
  );
}
