/** Moments as a tester in India reads them, whatever the machine's zone: the mocks' clock is India's. */
const IST = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  dateStyle: "medium",
  timeStyle: "medium",
});

/** An ISO 8601 moment, or seconds since 1970 (the outboxes' and the journal's stamps). */
export function inIndia(moment: string | number): string {
  const date = typeof moment === "number" ? new Date(moment * 1000) : new Date(moment);
  return Number.isNaN(date.getTime()) ? String(moment) : IST.format(date);
}
