import { intlLocale } from "../../../lib/i18n";

/**
 * Dates and times on the order screens in the page's language and India's time: 23 Nov 2026,
 * 6:30 pm in English; 23 नवंबर 2026 in Hindi (its months written out, as Hindi readers write
 * dates). Formatters are made at each call: the language can change while the page is open.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- an IANA time zone
const INDIA = "Asia/Kolkata";

const hindi = () => intlLocale() === "hi-IN";

function dayOptions(): Intl.DateTimeFormatOptions {
  return { day: "numeric", month: hindi() ? "long" : "short", year: "numeric", timeZone: INDIA };
}

// Hindi reads the 24-hour clock ('18:30 बजे'); 'am' and 'pm' are English.
// eslint-disable-next-line lingui/no-unlocalized-strings -- Intl's option values
const clock = (): Intl.DateTimeFormatOptions => ({ hour: "numeric", minute: "2-digit", hourCycle: hindi() ? "h23" : undefined });

/** An ISO timestamp ('2026-11-23T06:30:00+00:00') or an ISO date ('2026-11-27', a day in India). */
function parse(value: string): Date {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- India's midnight, in ISO form
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+05:30` : value);
}

export function orderDay(value: string): string {
  return new Intl.DateTimeFormat(intlLocale(), dayOptions()).format(parse(value));
}

export function orderTime(value: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { ...dayOptions(), ...clock() }).format(parse(value));
}

/** A delivery day as a promise reads it: 'Mon 30 Nov' / 'सोमवार, 30 नवंबर'. */
export function deliveryDay(value: string): string {
  const text = new Intl.DateTimeFormat(intlLocale(), {
    weekday: hindi() ? "long" : "short",
    day: "numeric",
    month: hindi() ? "long" : "short",
    timeZone: INDIA,
  }).format(parse(value));
  return hindi() ? text : text.replace(",", "");
}

/** A time of day in India: '6:30 pm'. */
export function clockTime(value: Date): string {
  return new Intl.DateTimeFormat(intlLocale(), { ...clock(), timeZone: INDIA }).format(value);
}
