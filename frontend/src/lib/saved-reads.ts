/**
 * When the answers shown offline were read: an answer the service worker gives from the phone's
 * copy (the network is down) carries the gateway's `Date` of the time it was first read. The API
 * client notes each (api/client.ts); the offline notice says the oldest, so a price, a stock or a
 * delivery time shown offline is marked with when it was true, not passed off as now.
 */
let oldest: Date | null = null;
const listeners = new Set<() => void>();

/** An answer read from the phone's copy, first read at `at`. */
export function noteSavedRead(at: Date): void {
  if (Number.isNaN(at.getTime()) || (oldest !== null && oldest <= at)) return;
  oldest = at;
  listeners.forEach((listener) => listener());
}

/** The oldest answer shown from the phone's copies since the network went, or null. */
export function oldestSavedRead(): Date | null {
  return oldest;
}

/** Back online: what is read from now on is fresh. */
export function forgetSavedReads(): void {
  oldest = null;
}

export function onSavedRead(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
