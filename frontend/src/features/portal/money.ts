const RUPEES = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });

/** Rupees with 2 decimals, Indian digit grouping: ₹12,450.00 */
export function rupees(amount: number): string {
  return RUPEES.format(amount);
}

export const AMOUNT_ABOVE_ZERO = "Please enter an amount above 0.";

export function amountTooHigh(owed: number): string {
  return `The amount cannot be more than the overdue amount of ${rupees(owed)}.`;
}

/** The specification parses the custom amount as a number, 0 when it is not one. */
export function parseAmount(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

/** The same rule the gateway applies: above 0 and not above what is owed. */
export function amountProblem(amount: number, owed: number): string | null {
  if (!(amount > 0)) return AMOUNT_ABOVE_ZERO;
  if (Math.round(amount * 100) > Math.round(owed * 100)) return amountTooHigh(owed);
  return null;
}
