import { Trans } from "@lingui/react/macro";
import { Dialog } from "../../../components/Dialog";
import styles from "../desk.module.css";

/** A money action waiting for the staff member's yes: what it does, to whom and for how much. */
export interface AskedAction {
  title: string;
  detail: string;
  confirm: string;
  run: () => void;
}

/** Every money action on the desk (cancel, refund, resend) is confirmed first, with the amount and the customer. */
export function ConfirmAction({ asked, onClose }: { asked: AskedAction | null; onClose: () => void }) {
  return (
    <Dialog open={asked !== null} title={asked?.title ?? ""} onClose={onClose}>
      <p>{asked?.detail}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            asked?.run();
            onClose();
          }}
        >
          {asked?.confirm}
        </button>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          <Trans>Go back</Trans>
        </button>
      </div>
    </Dialog>
  );
}
