import { useEffect, useRef, useState } from "react";
import { indianDigits } from "../../../lib/indian-numbers";
import { useReducedMotion } from "./useReducedMotion";

const DURATION_MS = 1500;

/**
 * A figure that counts up from 0 the first time it scrolls into view (IntersectionObserver);
 * `figure` writes it with its words around it ('₹500 Cr', '₹500 करोड़').
 */
export function CountUp({ value, figure = (n) => n }: { value: number; figure?: (n: string) => string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const reduced = useReducedMotion();
  const [shown, setShown] = useState(0);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        if (reduced) {
          setShown(value);
          return;
        }
        const start = performance.now();
        const step = (now: number) => {
          const progress = Math.min(1, (now - start) / DURATION_MS);
          setShown(Math.round(value * (1 - (1 - progress) ** 3)));
          if (progress < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value, reduced]);

  const final = figure(indianDigits(value));
  return (
    <span ref={ref} data-testid={`count-${value}`} data-value={shown}>
      {/* Screen readers get the final figure once, not every frame of the count. */}
      <span className="visually-hidden">{final}</span>
      <span aria-hidden="true">{figure(indianDigits(shown))}</span>
    </span>
  );
}
