import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { onToastSlot, toastSlot } from "../lib/toast-slot";
import "./Toasts.css";

/** At most two at a time: a third waits for one to close (quick taps on plus queue, not pile up). */
const LIMIT = 2;

/**
 * Where toasts show; loaded with the first toast (app/App), so a visit that shows none never loads it.
 * In a page's toast slot (the store's header, lib/toast-slot) when it has one, in the page's own
 * flow so they cover no control; elsewhere each picks its own corner (lib/toast): away from the
 * tap, below the header.
 */
export default function Toasts() {
  const slot = useSyncExternalStore(onToastSlot, toastSlot, () => null);
  const container = <ToastContainer position="top-right" autoClose={3000} newestOnTop limit={LIMIT} />;
  return slot ? createPortal(<div className="toasts-in-flow">{container}</div>, slot) : container;
}
