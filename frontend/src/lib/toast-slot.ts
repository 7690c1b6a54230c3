/**
 * Where a page keeps room for toasts in its own layout (the store's sticky header, under its
 * links): a toast there pushes the page down rather than lying over a search box, a back link or
 * a button. Pages without one show toasts over the page, away from the last tap (lib/toast.ts).
 */
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

export function toastSlot(): HTMLElement | null {
  return slot;
}

export function onToastSlot(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(element: HTMLElement | null): void {
  if (slot === element) return;
  slot = element;
  listeners.forEach((listener) => listener());
}

/** A ref callback (React 19's, with its clean-up): the element toasts go into while it is mounted. */
export function setToastSlot(element: HTMLElement | null): (() => void) | undefined {
  if (element === null) return undefined;
  set(element);
  // Only this element's own leaving clears it: the next page's slot may already be in place.
  return () => {
    if (slot === element) set(null);
  };
}
