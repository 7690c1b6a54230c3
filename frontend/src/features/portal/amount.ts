import { msg, t } from "@lingui/core/macro";
import { i18n } from "../../lib/i18n";
import { type Amount, rupees, toPaise } from "../../lib/money";

export const AMOUNT_ABOVE_ZERO = msg`Please enter an amount above 0.`;

export function amountTooHigh(owed: Amount): string {
  const amount = rupees(owed);
  return t`The amount cannot be more than the overdue amount of ${amount}.`;
}

export function belowMinimum(minimum: Amount): string {
  const amount = rupees(minimum);
  return t`The lender's minimum part-payment is ${amount}.`;
}

/** The same rule the gateway applies: above 0, not below the lender's minimum part-payment (when
 * it says one) and not above what is owed (compared in paise); the problem in the page's language.
 * Checked before any payment is started, so a checkout never opens for an amount the lender
 * would not take. */
export function amountProblem(amount: Amount, owed: Amount, minimum?: Amount | null): string | null {
  if (!(toPaise(amount) > 0)) return i18n._(AMOUNT_ABOVE_ZERO);
  if (toPaise(amount) > toPaise(owed)) return amountTooHigh(owed);
  if (minimum != null && toPaise(amount) < toPaise(minimum)) return belowMinimum(minimum);
  return null;
}
