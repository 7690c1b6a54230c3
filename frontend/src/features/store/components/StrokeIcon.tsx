import type { ReactNode } from "react";

interface StrokeIconProps {
  /** The outline, drawn in the text colour on a 24-unit grid. */
  d: string;
  size?: number;
  /** Filled marks drawn over the outline (the cart's wheels). */
  children?: ReactNode;
}

/** The store's line icons: decorative, so the control around each carries the accessible name. */
export function StrokeIcon({ d, size = 24, children }: StrokeIconProps) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {children}
    </svg>
  );
}
