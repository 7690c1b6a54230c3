import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";

/** Where toasts show; loaded beside the first page, not before it (the marketing pages show none). */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={3000} newestOnTop />;
}
