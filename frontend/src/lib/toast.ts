/**
 * Toasts without react-toastify in a page's own download: the library arrives with the toast
 * container (app/Toasts), which the app mounts when the first toast is asked for (most visits
 * show none), and a toast asked for before it is there waits for it in react-toastify's queue. Each opens away from the control just tapped, and a toast at the
 * top starts below the header (--toast-top, app/Toasts.css).
 */
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "./i18n";

type Kind = "success" | "error";
type Position = "top-right" | "top-center" | "bottom-right" | "bottom-center";
type Tap = { y: number } | null;

let lastTap: Tap = null;
let wanted = false;
const wantedListeners = new Set<() => void>();

/** Whether a toast has been asked for yet: the app mounts the container from then on. */
export function toastsWanted(): boolean {
  return wanted;
}

export function onToastsWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

let shown: (string | number)[] = [];
let tracking = false;
if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", (event) => (lastTap = { y: event.clientY }), { capture: true, passive: true });
}

/** At the top after a tap in the lower half of the screen, else at the bottom; centred on a phone. */
export function positionFor(tap: Tap, phone: boolean, viewportHeight: number): Position {
  const side = phone ? "center" : "right";
  if (!tap) return phone ? "bottom-center" : "top-right";
  return tap.y > viewportHeight / 2 ? `top-${side}` : `bottom-${side}`;
}

/** Shows `message` (words already in the page's language, or a message worded now in it). */
/** `id`: one toast for one subject (a product's cart line): asked for again while it shows, it is
 * worded anew in place instead of stacking another. */
export function showToast(kind: Kind, message: string | MessageDescriptor, options?: { autoClose?: number; id?: string }): void {
  const text = typeof message === "string" ? message : i18n._(message);
  // The page's header (the store's is sticky) ends here; off screen it counts as 0.
  const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS custom property
  document.documentElement.style.setProperty("--toast-top", `${Math.max(0, Math.round(header)) + 8}px`);
  if (!wanted) {
    wanted = true;
    wantedListeners.forEach((listener) => listener());
  }
  const position = positionFor(lastTap, window.matchMedia("(max-width: 640px)").matches, window.innerHeight);
  void import("react-toastify").then(({ toast }) => {
    // A toast counts from when it is asked for until react-toastify says it is removed, not
    // only while rendered: one asked for a moment ago (or before the container was there) is
    // not active yet, and dropping it from the count let a third wait behind the limit.
    if (!tracking) {
      tracking = true;
      toast.onChange(({ id, status }) => {
        if (status === "removed") shown = shown.filter((s) => s !== id);
      });
    }
    // The newest wins: toasts still waiting behind the container's limit (2) are dropped, and at
    // two asked for the oldest closes, so the new one shows next, not after taps long past.
    const { id, ...rest } = options ?? {};
    if (id !== undefined && toast.isActive(id)) {
      toast.update(id, { render: text, type: kind, ...rest });
      return;
    }
    toast.clearWaitingQueue();
    if (shown.length >= 2) toast.dismiss(shown.shift());
    shown.push(toast[kind](text, { ...rest, toastId: id, position }));
  }, () => plainToast(kind, text, options?.id));
}

const plainShown = new Map<string, { box: HTMLDivElement; timer: number }>();

/**
 * The toast's words when the toasts' own code cannot load (offline, where this visit never showed
 * one, so the phone kept no copy of it): plain DOM, so a refusal is still said, never silent.
 */
function plainToast(kind: Kind, text: string, id = text): void {
  const before = plainShown.get(id);
  if (before) window.clearTimeout(before.timer);
  const box = before?.box ?? document.body.appendChild(document.createElement("div"));
  box.setAttribute("role", kind === "error" ? "alert" : "status");
  box.dataset.testid = "plain-toast";
  box.textContent = text;
  /* eslint-disable lingui/no-unlocalized-strings -- CSS values */
  Object.assign(box.style, {
    position: "fixed",
    top: "var(--toast-top, 8px)",
    left: "50%",
    transform: "translateX(-50%)",
    zIndex: "1001",
    width: "max-content",
    maxWidth: "min(92vw, 28rem)",
    padding: "0.75rem 1rem",
    borderRadius: "8px",
    background: kind === "error" ? "#b3261e" : "#1b5e20",
    color: "#fff",
    boxShadow: "0 2px 8px rgba(0, 0, 0, 0.25)",
  });
  /* eslint-enable lingui/no-unlocalized-strings */
  const timer = window.setTimeout(() => {
    box.remove();
    plainShown.delete(id);
  }, 5000);
  plainShown.set(id, { box, timer });
}

/** Closes every toast shown (a step's news, e.g. "OTP sent successfully!", stays with its step). */
export function dismissToasts(): void {
  if (!wanted) return;
  void import("react-toastify").then(({ toast }) => {
    toast.dismiss();
    shown = [];
  });
}
