import { useSyncExternalStore } from "react";

// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener("change", onChange);
  return () => media?.removeEventListener("change", onChange);
}

/**
 * Whether the visitor asked the system for less motion (live: follows a settings change).
 * False while pre-rendering and while hydrating (as the HTML was rendered), then the real answer.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(QUERY).matches ?? false, () => false);
}
