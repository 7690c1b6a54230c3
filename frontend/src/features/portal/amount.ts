import { msg, t } from "@lingui/core/macro";
import { i18n } from "../../lib/i18n";
import { type Amount, rupees, toPaise } from "../../lib/money";

export const AMOUNT_ABOVE_ZERO = msg`Please enter an amount above 0.`;

export function amountTooHigh(owed: Amount): string {
  const amount = rupees(owed);
  return t`The amount cannot be more than the overdue amount of ${amount}.`;
}

/** The same rule the gateway applies: above 0 and not above what is owed (compared in paise); the
 * problem in the page's language. */
export function amountProblem(amount: Amount, owed: Amount): string | null {
  if (!(toPaise(amount) > 0)) return i18n._(AMOUNT_ABOVE_ZERO);
  if (toPaise(amount) > toPaise(owed)) return amountTooHigh(owed);
  return null;
}
