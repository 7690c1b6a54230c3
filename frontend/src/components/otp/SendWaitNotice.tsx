import { useSendWait, waitMessage } from "./sendWait";
import styles from "./otp.module.css";

/**
 * 'Please wait N s before asking for another code', counting down, for a send the gateway refused.
 * The changing figure is a timer (not read out every second); the wait as it began is announced once.
 */
export function SendWaitNotice({ mobileNumber, id }: { mobileNumber: string; id?: string }) {
  const wait = useSendWait(mobileNumber);
  return (
    <>
      <span className="visually-hidden" role="status">
        {wait ? waitMessage(wait.kind, wait.seconds) : ""}
      </span>
      {wait && (
        <p id={id} className={styles.wait} role="timer" aria-live="off">
          {waitMessage(wait.kind, wait.secondsLeft)}
        </p>
      )}
    </>
  );
}
