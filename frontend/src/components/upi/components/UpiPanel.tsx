import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorCode, errorMessage } from "../../../api/client";
import { isOnline } from "../../../lib/connection";
import { useAttemptKey } from "../../../lib/idempotency-key";
import { rupees } from "../../../lib/money";
import { startUpi, upiStatus, type UpiChannel, type UpiPayment, type UpiState } from "../api/upi";
import styles from "./UpiPanel.module.css";

/** How often the page asks how the payment stands while the payer is in their UPI app. */
const FOLLOW_MS = 3000;

// The apps' own names, the same in every language.
// eslint-disable-next-line lingui/no-unlocalized-strings -- brand names
const APP_NAMES: Record<string, string> = { gpay: "Google Pay", phonepe: "PhonePe", paytm: "Paytm" };

const ENDED = {
  cancelled: msg`You left the UPI app without paying. No money was taken.`,
  expired: msg`The time to pay by UPI ran out. No money was taken.`,
  failed: msg`Your bank or UPI app refused the payment. No money was taken.`,
} as const;

/** A phone (a touch screen as its main pointer) opens UPI apps; anything else shows a QR to scan. */
function onPhone(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches === true;
}

function clock(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export interface UpiPanelProps {
  /** The gateway's UPI call for what is being paid: `/orders/{n}/upi` or `/portal/payments/{id}/upi`. */
  path: string;
  /** The payment was taken: the page shows it paid (and books it, on the portal). */
  onPaid: () => void;
}

/**
 * Pay by UPI: on a phone, a button per UPI app (each an intent link that opens the app with the
 * amount and reference filled); elsewhere a QR to scan, with the time left counted from the
 * gateway's seconds (never the device's clock). While the payer is in their app the payment is
 * followed (pending, paid, cancelled, expired, failed) and no second payment is offered.
 */
export function UpiPanel({ path, onPaid }: UpiPanelProps) {
  const { t } = useLingui();
  const [channel, setChannel] = useState<UpiChannel>(() => (onPhone() ? "intent" : "qr"));
  const [payment, setPayment] = useState<UpiPayment | null>(null);
  const [state, setState] = useState<UpiState>("none");
  const [seconds, setSeconds] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const key = useAttemptKey();
  const paidOnce = useRef(false);

  const start = useCallback(
    async (chosen: UpiChannel) => {
      setProblem(null);
      if (!isOnline()) {
        setProblem(t`You are offline. Connect to the internet to pay by UPI.`);
        return;
      }
      setStarting(true);
      try {
        const made = await startUpi(path, chosen, key.current());
        key.settle();
        setPayment(made);
        setState(made.state);
        setSeconds(made.expiresInSeconds);
      } catch (error) {
        key.settle(error);
        if (errorCode(error) === "payment_pending") setState("pending"); // follow the one already waiting
        else setProblem(errorMessage(error, t`UPI payment could not be started. Please try again.`));
      } finally {
        setStarting(false);
      }
    },
    [path, key, t],
  );

  useEffect(() => {
    void start(channel);
    // Started once on opening; the payer's later choices start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Followed while pending: the gateway says how it stands and how many seconds are left.
  useEffect(() => {
    if (state !== "pending") return;
    const follow = window.setInterval(() => {
      upiStatus(path)
        .then((now) => {
          setState(now.state);
          setSeconds(now.expiresInSeconds ?? 0);
        })
        .catch(() => undefined); // asked again at the next tick
    }, FOLLOW_MS);
    const tick = window.setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => {
      window.clearInterval(follow);
      window.clearInterval(tick);
    };
  }, [state, path]);

  useEffect(() => {
    if (state === "paid" && !paidOnce.current) {
      paidOnce.current = true;
      onPaid();
    }
  }, [state, onPaid]);

  const amount = payment ? rupees(payment.amount) : "";
  const timeLeft = clock(seconds);
  const again = (chosen: UpiChannel) => {
    setChannel(chosen);
    setPayment(null);
    void start(chosen);
  };

  return (
    <section className={styles.panel} aria-labelledby="upi-heading" data-testid="upi-panel">
      <h2 id="upi-heading" className={styles.heading}>
        <Trans>Pay by UPI</Trans>
      </h2>
      {problem && (
        <p className="alert alert-danger" role="alert">
          {problem}
        </p>
      )}
      {state === "paid" && (
        <p className="alert alert-success" role="status">
          <Trans>Paid by UPI. Thank you!</Trans>
        </p>
      )}
      {state === "pending" && payment?.channel === "intent" && (
        <>
          <p>
            <Trans>Choose your UPI app to pay {amount}. Come back here after paying: this page shows it paid.</Trans>
          </p>
          <div className={styles.apps}>
            {(payment.apps ?? []).map((app) => {
              const appName = APP_NAMES[app.app] ?? "";
              return (
                <a key={app.app} className="btn btn-primary" href={app.link} data-app={app.app}>
                  {app.app === "any" ? <Trans>Any UPI app</Trans> : <Trans>Pay with {appName}</Trans>}
                </a>
              );
            })}
          </div>
        </>
      )}
      {state === "pending" && payment?.channel === "qr" && payment.qrImage && (
        <>
          <p>
            <Trans>Scan this code with any UPI app on your phone to pay {amount}.</Trans>
          </p>
          <img className={styles.qr} src={payment.qrImage} width={240} height={240} alt={t`UPI QR code to pay ${amount}`} />
        </>
      )}
      {state === "pending" && (
        <p role="status" aria-live="polite" data-testid="upi-waiting">
          {payment ? (
            <Trans>Waiting for your payment. Time left: {timeLeft}</Trans>
          ) : (
            <Trans>A UPI payment is waiting for your answer in your UPI app. Finish or cancel it there.</Trans>
          )}
        </p>
      )}
      {(state === "cancelled" || state === "expired" || state === "failed") && (
        <div role="status">
          <p>{t(ENDED[state])}</p>
          <button type="button" className="btn btn-primary" disabled={starting} onClick={() => again(channel)}>
            {channel === "qr" ? <Trans>Show a new QR code</Trans> : <Trans>Try UPI again</Trans>}
          </button>
        </div>
      )}
      {state === "none" && !starting && problem && (
        <button type="button" className="btn btn-primary" onClick={() => again(channel)}>
          <Trans>Try UPI again</Trans>
        </button>
      )}
      {state !== "pending" && state !== "paid" && (
        <button
          type="button"
          className="link-button"
          disabled={starting}
          onClick={() => again(channel === "qr" ? "intent" : "qr")}
        >
          {channel === "qr" ? <Trans>Pay with a UPI app on this phone instead</Trans> : <Trans>Show a QR code instead</Trans>}
        </button>
      )}
    </section>
  );
}
