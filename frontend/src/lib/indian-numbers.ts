/**
 * Whole numbers as India writes them: the last three digits, then groups of two (12,34,567), the
 * same text as `Intl.NumberFormat("en-IN")` gives (indian-numbers.test.ts checks it). Not through
 * Intl: the first Intl formatter a page builds loads the locale's data, a long task on a slow
 * phone, on the first paint's heels of every page that shows an amount or a figure.
 */
export function indianDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = String(Math.abs(Math.round(value)));
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ",")},${lastThree}` : lastThree;
  return value < 0 && Math.round(value) !== 0 ? `-${grouped}` : grouped;
}
