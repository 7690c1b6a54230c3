import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import "./Toasts.css";

/** At most two at a time: a third waits for one to close (quick taps on plus queue, not pile up). */
const LIMIT = 2;

/**
 * Where toasts show; loaded with the first toast (app/App), so a visit that shows none never loads it.
 * Each toast picks its own corner (lib/toast): away from the tap, below the header.
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={3000} newestOnTop limit={LIMIT} />;
}
