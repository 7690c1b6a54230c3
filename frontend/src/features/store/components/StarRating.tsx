import { useId } from "react";
import styles from "./StarRating.module.css";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** Five stars with halves; read out as 'Rated 3.5 out of 5'. */
export function StarRating({ value }: { value: number }) {
  const id = `s${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const rating = Math.round(Math.max(0, Math.min(5, value)) * 2) / 2;
  return (
    <span className={styles.rating} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = rating >= i + 1 ? 1 : rating >= i + 0.5 ? 0.5 : 0;
        const gradient = `${id}-star-${i}`;
        return (
          <svg key={i} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" data-fill={fill}>
            <defs>
              <linearGradient id={gradient}>
                <stop offset={`${fill * 100}%`} stopColor="#b26b00" />
                <stop offset={`${fill * 100}%`} stopColor="#d6d9e6" />
              </linearGradient>
            </defs>
            <path d={STAR} fill={`url(#${gradient})`} />
          </svg>
        );
      })}
    </span>
  );
}
