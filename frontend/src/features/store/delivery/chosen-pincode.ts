import { useSyncExternalStore } from "react";

/** The cookie the gateway keeps the chosen pin code in (gateway/checkout/delivery_area.py). */
const COOKIE = "pincode";
const listeners = new Set<() => void>();

/** The pin code chosen now (the cookie's), outside React. */
export function chosenPincode(): string | null {
  return read();
}

function read(): string | null {
  const found = document.cookie.split("; ").find((part) => part.startsWith(`${COOKIE}=`));
  const value = found?.slice(COOKIE.length + 1) ?? "";
  return /^[1-9][0-9]{5}$/.test(value) ? value : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The gateway answered a choice (and set or cleared its cookie): every reader looks again. */
export function pincodeChanged(): void {
  for (const listener of listeners) listener();
}

/**
 * The pin code chosen at the top of the store, or null. Null while a pre-rendered page hydrates
 * (the HTML was made without one, so it says "choose your pin code"), then the cookie's.
 */
export function useChosenPincode(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
