import { useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import styles from "./StarRating.module.css";

/**
 * Five stars with halves; read out as 'Rated 3.5 out of 5'. One element drawn by its stylesheet
 * (a star-shaped mask over a two-colour strip, gold as far as `--stars` reaches) rather than five
 * SVGs with a gradient each: a page of twelve cards had 360 SVG elements for its stars, over half
 * of its markup, each parsed, styled, laid out and hydrated at start.
 */
export function StarRating({ value }: { value: number }) {
  const { t } = useLingui();
  const rating = Math.round(Math.max(0, Math.min(5, value)) * 2) / 2;
  return (
    <span
      className={styles.rating}
      role="img"
      aria-label={t`Rated ${rating} out of 5`}
      style={{ "--stars": rating } as CSSProperties}
    />
  );
}
