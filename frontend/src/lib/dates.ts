import { intlLocale } from "./i18n";

/**
 * The one way the app writes days and times, in the page's language and India's time:
 * 6 Nov 2026 and 6 Nov 2026, 3:04 pm in English; 6 नवंबर 2026 and 6 नवंबर 2026 को दोपहर 3:04 बजे in
 * Hindi (its months written out; the same 12-hour clock, with Hindi's own part of the day, सुबह,
 * दोपहर, शाम or रात, as the hi locale writes it, where 'am' and 'pm' would be English). The
 * formatters are made at each call: the language can change while the page is open.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- an IANA time zone
const INDIA = "Asia/Kolkata";

const hindi = () => intlLocale() === "hi-IN";

function dayOptions(): Intl.DateTimeFormatOptions {
  return { day: "numeric", month: hindi() ? "long" : "short", year: "numeric", timeZone: INDIA };
}

function clock(): Intl.DateTimeFormatOptions {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- Intl's option values
  return { hour: "numeric", minute: "2-digit", dayPeriod: hindi() ? "short" : undefined, timeZone: INDIA };
}

/** An ISO timestamp ('2026-11-23T06:30:00+00:00') or an ISO date ('2026-11-27', a day in India). */
function moment(value: string | Date): Date {
  if (value instanceof Date) return value;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- India's midnight, in ISO form
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+05:30` : value);
}

/** A calendar date from its ISO form ("2026-11-06"): that day, as India reads it. */
export function calendarDay(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  return dayOf(iso);
}

/** A moment (or an ISO date) as its day and time in India, in one phrase. */
export function dayAndTime(value: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { ...dayOptions(), ...clock() }).format(moment(value));
}

/** A moment's day in India (an ISO date is that day). */
export function dayOf(value: string): string {
  return new Intl.DateTimeFormat(intlLocale(), dayOptions()).format(moment(value));
}

/** A moment's time of day in India: 3:04 pm, or 15:04. */
export function timeOf(value: string | Date): string {
  return new Intl.DateTimeFormat(intlLocale(), clock()).format(moment(value));
}

/** A delivery day as a promise reads it: 'Mon 30 Nov' / 'सोमवार, 30 नवंबर'. */
export function deliveryDay(value: string): string {
  const text = new Intl.DateTimeFormat(intlLocale(), {
    weekday: hindi() ? "long" : "short",
    day: "numeric",
    month: hindi() ? "long" : "short",
    timeZone: INDIA,
  }).format(moment(value));
  return hindi() ? text : text.replace(",", "");
}

/** When a copy kept on the phone was read: its time if today in India, else its day and time. */
export function savedWhen(at: Date): string {
  const today = dayOf(new Date().toISOString()) === dayOf(at.toISOString());
  return today ? timeOf(at) : dayAndTime(at.toISOString());
}
