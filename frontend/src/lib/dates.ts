import { intlLocale } from "./i18n";

/**
 * Days and times in the page's language and India's time, as the order screens write them:
 * 6 Nov 2026 and 6 Nov 2026, 3:04 pm in English; 6 नवंबर 2026 and 6 नवंबर 2026, 15:04 in Hindi
 * (its months written out, the 24-hour clock: 'am' and 'pm' are English). The formatters are
 * made at each call: the language can change while the page is open.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- an IANA time zone
const INDIA = "Asia/Kolkata";

function dayOptions(): Intl.DateTimeFormatOptions {
  const hindi = intlLocale() === "hi-IN";
  return { day: "numeric", month: hindi ? "long" : "short", year: "numeric", timeZone: INDIA };
}

/** A calendar date from its ISO form ("2026-11-06"), read as that day (no time zone shifts it). */
export function calendarDay(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  if (!year || !month || !day) return iso;
  return new Intl.DateTimeFormat(intlLocale(), { ...dayOptions(), timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, day)));
}

function clock(): Intl.DateTimeFormatOptions {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Intl's option values
  return { hour: "numeric", minute: "2-digit", hourCycle: intlLocale() === "hi-IN" ? "h23" : undefined, timeZone: INDIA };
}

/** A moment (an ISO timestamp) as its day and time in India, in one phrase. */
export function dayAndTime(timestamp: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { ...dayOptions(), ...clock() }).format(new Date(timestamp));
}

/** A moment's day in India, for a table that shows the time beside it. */
export function dayOf(timestamp: string): string {
  return new Intl.DateTimeFormat(intlLocale(), dayOptions()).format(new Date(timestamp));
}

/** A moment's time of day in India: 3:04 pm, or 15:04. */
export function timeOf(timestamp: string): string {
  return new Intl.DateTimeFormat(intlLocale(), clock()).format(new Date(timestamp));
}
