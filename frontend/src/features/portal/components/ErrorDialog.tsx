import { Dialog } from "../../../components/Dialog";

/** An error the borrower must acknowledge (the specification's error popup). */
export function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog open={message !== null} title="Something went wrong" onClose={onClose} role="alertdialog">
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
        OK
      </button>
    </Dialog>
  );
}
