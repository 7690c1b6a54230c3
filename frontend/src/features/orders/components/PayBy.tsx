import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { timeOf } from "../../../lib/dates";

/** Minutes left to pay, rounded up, as the shopper reads it: "29 minutes left". */
export function timeLeft(secondsLeft: number): string {
  const minutes = Math.ceil(secondsLeft / 60);
  if (minutes <= 0) return t`the time to pay is up`;
  return plural(minutes, { one: "# minute left", other: "# minutes left" });
}

/** The seconds left of `seconds` (the gateway's, as read at `readAt`) by the device's clock at `now`. */
export function secondsLeft(seconds: number, readAt: number, now: number): number {
  // Only the time since the answer is the device's: a phone's clock hours off changes nothing.
  return seconds - Math.max(0, now - readAt) / 1000;
}

export interface PayByProps {
  /** Until when (the gateway's time), shown as the deadline. */
  payBy: string;
  /** The seconds left to pay when the order was read (the gateway's clock). */
  seconds: number;
  /** When the order was read, as `Date.now()` then. */
  readAt: number;
}

/** Until when an unpaid online order can be paid (it is cancelled after), counting down each 15 s. */
export function PayBy({ payBy, seconds, readAt }: PayByProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  const time = timeOf(payBy);
  const left = timeLeft(secondsLeft(seconds, readAt, now));
  return (
    <p data-testid="pay-by">
      <Trans>
        Pay by {time} to keep this order: {left}. Unpaid, it is cancelled and nothing is charged.
      </Trans>
    </p>
  );
}
