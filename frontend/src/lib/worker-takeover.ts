/**
 * The moment the service worker first takes a page over (src/lib/offline-visit.ts, which arrives
 * after the page): the app's providers then read their data again, through it. Apart from that
 * module, so the first visit's code carries only this list.
 */
const listeners = new Set<() => void>();

/** Calls `listener` when the worker first takes this page over (not on a page it had from the start). */
export function onFirstTakeOver(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceTakeOver(): void {
  listeners.forEach((listener) => listener());
}
