/** Dates and times on the order screens, as India reads them, in India's time: 23 Nov 2026, 6:30 pm. */
const DAY = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const DAY_TIME = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** An ISO timestamp ('2026-11-23T06:30:00+00:00') or an ISO date ('2026-11-27', a day in India). */
function parse(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+05:30` : value);
}

export function orderDay(value: string): string {
  return DAY.format(parse(value));
}

export function orderTime(value: string): string {
  return DAY_TIME.format(parse(value));
}
