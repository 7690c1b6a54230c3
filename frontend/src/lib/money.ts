/** Rupees with 2 decimals and Indian digit grouping (₹5,356.92, ₹1,25,000.00), wherever an amount is shown. */
const RUPEES = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function rupees(amount: number): string {
  return RUPEES.format(amount);
}

/** The same amount without the symbol or grouping, as the native app's messages carry it: 5356.92 */
export function plainRupees(amount: number): string {
  return (toPaise(amount) / 100).toFixed(2);
}

/** Whole paise, so comparisons are exact (0.1 + 0.2 rupees is 30 paise, not 30.000000000000004). */
export function toPaise(amount: number): number {
  return Math.round(amount * 100);
}

/** A typed amount as a number of rupees; the specification reads anything else as 0. */
export function parseAmount(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 0;
}
