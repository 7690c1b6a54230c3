/**
 * What the browser says about the visitor's connection: online or not (the calls refused while
 * offline), and whether to go light (the visitor asked to save data, or the browser measures a
 * slow link): no carousel moving on its own, the smallest pictures.
 */

import { useSyncExternalStore } from "react";

/** False only while the browser knows it has no network. */
export function isOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

function followOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** isOnline(), for a component: it renders again when the network goes or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(followOnline, isOnline, () => true);
}

/** The Network Information API where the browser has it (Chromium; not in TypeScript's DOM types). */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

// Chromium's effective types that mean a slow link: '3g' is a round trip of 270 ms or more or
// under 700 kbit/s down, which takes in issue 42's own slow profile (400 ms, 400 kbit/s).
// eslint-disable-next-line lingui/no-unlocalized-strings -- the Network Information API's values
const SLOW_TYPES = new Set(["slow-2g", "2g", "3g"]);

/** The visitor asked to save data (Save-Data) or the browser measures a slow (3G or slower) link. */
export function prefersLight(): boolean {
  if (typeof navigator === "undefined") return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true || SLOW_TYPES.has(connection?.effectiveType ?? "");
}
