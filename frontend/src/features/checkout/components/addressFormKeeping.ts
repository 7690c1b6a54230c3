/**
 * The checkout's address form kept across a reload, in the tab's sessionStorage: what was picked
 * (a saved address, a new one, one being edited) and what was typed. The tab's own storage, not
 * the gateway's session: it is only a draft, it never needs to reach another device, it goes
 * when the tab closes, and a keystroke costs no request (docs/decisions/address-book.md).
 * Forgotten once the order is placed.
 */
import type { AddressForm } from "../../../components/addresses/AddressFields";

export type Picked = { kind: "saved"; id: number } | { kind: "new" } | { kind: "edit"; id: number };

// A storage key.
const KEY = "checkout.address-form";

interface Kept {
  picked: Picked | null;
  form: AddressForm;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (a locked-down web view): the form is simply not kept
  }
}

function isKept(value: unknown): value is Kept {
  if (typeof value !== "object" || value === null) return false;
  const form = (value as { form?: unknown }).form;
  if (typeof form !== "object" || form === null) return false;
  const f = form as Record<string, unknown>;
  const texts = ["name", "address1", "address2", "pincode"].every((k) => typeof f[k] === "string");
  return texts && (f.mobileNumber === null || typeof f.mobileNumber === "string");
}

/** What the tab kept, if anything (a damaged entry is ignored). */
export function keptForm(): Kept | null {
  try {
    const raw = storage()?.getItem(KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isKept(value) ? value : null;
  } catch {
    return null;
  }
}

export function keepForm(kept: Kept): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // full or refused: the form is simply not kept
  }
}

export function forgetForm(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
