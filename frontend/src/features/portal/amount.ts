import { type Amount, rupees, toPaise } from "../../lib/money";

export const AMOUNT_ABOVE_ZERO = "Please enter an amount above 0.";

export function amountTooHigh(owed: Amount): string {
  return `The amount cannot be more than the overdue amount of ${rupees(owed)}.`;
}

/** The same rule the gateway applies: above 0 and not above what is owed (compared in paise). */
export function amountProblem(amount: Amount, owed: Amount): string | null {
  if (!(toPaise(amount) > 0)) return AMOUNT_ABOVE_ZERO;
  if (toPaise(amount) > toPaise(owed)) return amountTooHigh(owed);
  return null;
}
