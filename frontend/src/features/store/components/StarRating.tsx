import styles from "./StarRating.module.css";

/** The rating in halves, as shown: 3.74 shows three and a half stars. */
function shownRating(value: number): number {
  return Math.round(Math.max(0, Math.min(5, value)) * 2) / 2;
}

/**
 * Five stars with halves; read out as 'Rated 3.5 out of 5'. One element drawn by its stylesheet
 * (a star-shaped mask over a two-colour strip) rather than five SVGs with a gradient each: a page
 * of twelve cards had 360 SVG elements for its stars, over half of its markup, each parsed,
 * styled, laid out and hydrated at start.
 */
export function StarRating({ value }: { value: number }) {
  const rating = shownRating(value);
  return <span className={styles.rating} role="img" aria-label={`Rated ${rating} out of 5`} data-stars={rating} />;
}
