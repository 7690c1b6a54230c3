import { useCallback, useEffect, useState } from "react";

/** The specification's interval, for a gateway without a resend limit or a screen with no stored countdown. */
export const RESEND_SECONDS = 60;
const KEY = "otpTimeLeft";

/**
 * The countdown for a code just sent: the gateway's interval (OTP_RESEND_SECONDS, answered as
 * resendAfter), so the screen never offers a resend the gateway would refuse. A gateway with no
 * resend limit (0) leaves the specification's 60 s.
 */
export function resendSeconds(resendAfter: number): number {
  return Number.isInteger(resendAfter) && resendAfter > 0 ? resendAfter : RESEND_SECONDS;
}

/** The time left stored before a reload (or by the last send), if any. */
export function storedSecondsLeft(storage: Storage = window.localStorage): number | null {
  const raw = storage.getItem(KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Start the countdown at the gateway's resend interval (the send-code answer's resendAfter), so
 * the screen and the server agree; a stale countdown from an earlier send is replaced.
 */
export function startCountdown(seconds: number) {
  if (seconds > 0) window.localStorage.setItem(KEY, String(seconds));
  else window.localStorage.removeItem(KEY);
}

/** Forget any running countdown (Edit, successful verification). */
export function clearCountdown() {
  window.localStorage.removeItem(KEY);
}

/**
 * The resend countdown: starts at the stored time left (set by the send, or kept across a
 * reload), writes the time left every second (localStorage 'otpTimeLeft'), and is cleared at 0.
 */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState<number>(() => storedSecondsLeft() ?? RESEND_SECONDS);

  useEffect(() => {
    if (secondsLeft <= 0) {
      clearCountdown();
      return;
    }
    window.localStorage.setItem(KEY, String(secondsLeft));
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  /** Count down again from `seconds` (the gateway's resendAfter for the code just sent). */
  const restart = useCallback((seconds: number) => {
    startCountdown(seconds);
    setSecondsLeft(seconds);
  }, []);

  const clear = useCallback(() => {
    clearCountdown();
    setSecondsLeft(0);
  }, []);

  return { secondsLeft, restart, clear };
}
