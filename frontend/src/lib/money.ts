import { indianDigits } from "./indian-numbers";

/** Amounts arrive from the API as exact decimal strings ("12450.00"); typed ones are numbers. */
export type Amount = number | string;

/** Rupees with 2 decimals and Indian digit grouping (₹5,356.92, ₹1,25,000.00), wherever an amount
 * is shown: Intl's en-IN currency text, built from whole paise (see indian-numbers.ts for why not Intl). */
export function rupees(amount: Amount): string {
  const paise = toPaise(amount);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- JavaScript's own "not a number", a bug to notice, not words
  if (Number.isNaN(paise)) return "₹NaN";
  const sign = paise < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(paise) / 100);
  return `${sign}₹${indianDigits(whole)}.${String(Math.abs(paise) % 100).padStart(2, "0")}`;
}

/** The same amount without the symbol or grouping, as the native app's messages carry it: 5356.92 */
export function plainRupees(amount: Amount): string {
  return (toPaise(amount) / 100).toFixed(2);
}

/** Whole paise, so comparisons are exact (0.1 + 0.2 rupees is 30 paise, not 30.000000000000004). */
export function toPaise(amount: Amount): number {
  if (typeof amount === "number") return Math.round(amount * 100);
  // Read digit by digit, never through binary floating point; more than two decimals is NaN.
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return Number.NaN;
  const paise = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -paise : paise;
}

/** A typed amount as the exact decimal string typed, with 2 decimals ("99.5" is "99.50", "012"
 * is "12.00"), read digit by digit and never through a JavaScript number, so what is paid is what
 * was typed. Anything else (letters, an exponent, a sign, a third decimal) reads as "0.00", as the
 * specification reads a typed amount that is not a number as 0. */
export function parseAmount(text: string): string {
  const match = /^(\d+)(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/.exec(text.trim());
  if (!match) return "0.00";
  const whole = (match[1] ?? "0").replace(/^0+(?=\d)/, "");
  const fraction = (match[2] ?? match[3] ?? "").padEnd(2, "0");
  return `${whole}.${fraction}`;
}

/** Whole percent off `mrp` that `price` is (the catalogue's prices are exact whole percents); 0 when not below it. */
export function percentOff(mrp: Amount, price: Amount): number {
  const full = toPaise(mrp);
  const paid = toPaise(price);
  if (!(full > 0) || !(paid < full)) return 0;
  return Math.round(((full - paid) * 100) / full);
}
