import { Trans, useLingui } from "@lingui/react/macro";
import { Dialog } from "../../../components/Dialog";

/** An error the borrower must acknowledge (the specification's error popup). */
export function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={message !== null} title={t`Something went wrong`} onClose={onClose} role="alertdialog">
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
        <Trans>OK</Trans>
      </button>
    </Dialog>
  );
}
