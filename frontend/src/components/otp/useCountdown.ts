import { useCallback, useEffect, useState } from "react";

export const RESEND_SECONDS = 60;
const KEY = "otpTimeLeft";

function stored(): number | null {
  const raw = window.localStorage.getItem(KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) && value > 0 ? Math.min(value, RESEND_SECONDS) : null;
}

/**
 * The resend countdown: starts at 60 s or the time left stored before a reload, writes the
 * time left every second (localStorage 'otpTimeLeft'), and is cleared at 0.
 */
export function useCountdown() {
  const [secondsLeft, setSecondsLeft] = useState<number>(() => stored() ?? RESEND_SECONDS);

  useEffect(() => {
    if (secondsLeft <= 0) {
      window.localStorage.removeItem(KEY);
      return;
    }
    window.localStorage.setItem(KEY, String(secondsLeft));
    const timer = window.setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const restart = useCallback(() => {
    window.localStorage.setItem(KEY, String(RESEND_SECONDS));
    setSecondsLeft(RESEND_SECONDS);
  }, []);

  const clear = useCallback(() => {
    window.localStorage.removeItem(KEY);
    setSecondsLeft(0);
  }, []);

  return { secondsLeft, restart, clear };
}

/** Forget any running countdown (Edit, successful verification). */
export function clearCountdown() {
  window.localStorage.removeItem(KEY);
}
