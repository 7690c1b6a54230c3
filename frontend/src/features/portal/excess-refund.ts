import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * What a payment brought beyond everything owed by the time the bank let it through (the loan
 * was closed meanwhile), which the lender gives back: said alike on the payment's outcome and on
 * its row of the history.
 */
export function excessRefunded(refunded: string): MessageDescriptor {
  return msg`${refunded} was more than you owed when your bank let the payment through. The lender is refunding it to the account you paid from.`;
}
