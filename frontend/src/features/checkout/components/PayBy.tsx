import { plural, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { timeOf } from "../../../lib/dates";

/** Minutes left to pay, rounded up, as the shopper reads it: "29 minutes left". */
export function timeLeft(payBy: Date, now: Date): string {
  const minutes = Math.ceil((payBy.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return t`the time to pay is up`;
  return plural(minutes, { one: "# minute left", other: "# minutes left" });
}

/** Until when an unpaid online order can be paid (it is cancelled after), counting down each 15 s. */
export function PayBy({ payBy }: { payBy: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  const until = new Date(payBy);
  const time = timeOf(until);
  const left = timeLeft(until, now);
  return (
    <p data-testid="pay-by">
      <Trans>
        Pay by {time} to keep this order: {left}. Unpaid, it is cancelled and nothing is charged.
      </Trans>
    </p>
  );
}
