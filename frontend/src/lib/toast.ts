/**
 * Toasts without react-toastify in a page's own download: the library arrives with the toast
 * container (app/Toasts, loaded beside the first page), so a toast asked for before it is
 * there simply waits for it.
 */
type Kind = "success" | "error";

export function showToast(kind: Kind, message: string, options?: { autoClose?: number }): void {
  void import("react-toastify").then(({ toast }) => toast[kind](message, options));
}
