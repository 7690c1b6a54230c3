import { useEffect, useState } from "react";

const CLOCK = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** Minutes left to pay, rounded up, as the shopper reads it: "29 minutes left". */
export function timeLeft(payBy: Date, now: Date): string {
  const minutes = Math.ceil((payBy.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return "the time to pay is up";
  return minutes === 1 ? "1 minute left" : `${minutes} minutes left`;
}

/** Until when an unpaid online order can be paid (it is cancelled after), counting down each 15 s. */
export function PayBy({ payBy }: { payBy: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  const until = new Date(payBy);
  return (
    <p data-testid="pay-by">
      Pay by {CLOCK.format(until)} to keep this order: {timeLeft(until, now)}. Unpaid, it is cancelled and nothing is
      charged.
    </p>
  );
}
