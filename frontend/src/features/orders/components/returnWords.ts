/**
 * The app's words for a return: its steps, the reasons a shopper may give, the pickup slots,
 * where its money goes, and the reasons to cancel. The gateway sends codes and figures; the
 * shopper reads these, in the page's language.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import type { components } from "../../../api/schema";
import { i18n } from "../../../lib/i18n";
import { rupees } from "../../../lib/money";
import { dayAndTime, dayOf } from "../../../lib/dates";
import { company } from "../../../content/company";

type Schemas = components["schemas"];
export type ReturnView = Schemas["ReturnView"];
export type ReturnReason = Schemas["ReturnView"]["reason"];
export type ReturnStatus = Schemas["ReturnView"]["status"];
export type PickupSlot = Schemas["PickupSlotView"];
export type CancelReason = Schemas["CancelRequest"]["reason"];

const STEPS: Record<ReturnStatus, MessageDescriptor> = {
  requested: msg`Return requested`,
  approved: msg`Approved`,
  pickedUp: msg`Picked up`,
  received: msg`Received by us`,
  refunded: msg`Refunded`,
};

export const RETURN_REASONS: [ReturnReason, MessageDescriptor][] = [
  ["damaged", msg`It arrived damaged`],
  ["defective", msg`It does not work`],
  ["wrongItem", msg`I got a different item`],
  ["notAsDescribed", msg`It is not as described`],
  ["noLongerNeeded", msg`I no longer need it`],
];

/** Reasons a photo must show (the orders service refuses these without one). */
export const PHOTO_REASONS = new Set<ReturnReason>(["damaged", "defective", "wrongItem"]);

export const CANCEL_REASONS: [CancelReason, MessageDescriptor][] = [
  ["orderedByMistake", msg`I ordered it by mistake`],
  ["foundCheaper", msg`I found it cheaper elsewhere`],
  ["deliveryTooLate", msg`The delivery is too late for me`],
  ["changedAddress", msg`I need it at another address`],
  ["other", msg`Another reason`],
];

export function returnStepWords(status: ReturnStatus): string {
  return i18n._(STEPS[status]);
}

export function returnReasonWords(reason: ReturnReason): string {
  const found = RETURN_REASONS.find(([code]) => code === reason);
  return found ? i18n._(found[1]) : reason;
}

export function pickupWords(slot: PickupSlot): string {
  const day = dayOf(slot.date);
  return slot.window === "morning" ? t`${day}, 9 am to 1 pm` : t`${day}, 2 pm to 6 pm`;
}

/** Where the return's money goes, before and after it is refunded. */
export function returnMoneyWords(ret: ReturnView, productName: string): string {
  const amount = rupees(ret.amount);
  const refund = ret.refund;
  const date = refund?.expectedBy ? dayOf(refund.expectedBy) : "";
  switch (ret.refundTo.route) {
    case "source":
      return refund
        ? t`${amount} is refunded to the card or UPI you paid with. Expect it by ${date}.`
        : t`${amount} will be refunded to the card or UPI you paid with once the items reach us.`;
    case "upi": {
      const upi = ret.refundTo.upiId ?? "";
      return refund
        ? t`${amount} is sent to the UPI ID ${upi}. It usually reaches you within 1 business day.`
        : t`${amount} will be sent to the UPI ID ${upi} once the items reach us.`;
    }
    case "bank": {
      const ending = ret.refundTo.accountEnding ?? "";
      return refund
        ? t`${amount} is sent to your bank account ending ${ending}. Expect it by ${date}.`
        : t`${amount} will be sent to your bank account ending ${ending} once the items reach us.`;
    }
    case "credit":
      return refund
        ? t`${amount} is taken off what you owe on your ${productName} Credit, and your limit is restored.`
        : t`${amount} will be taken off what you owe on your ${productName} Credit once the items reach us.`;
  }
}

/**
 * Where a cash order's refund to a UPI ID or bank account stands at the bank, and, when it could
 * not be paid, what the shopper can do. Null while nothing has been sent (the items not yet back).
 */
export function payoutWords(ret: ReturnView): string | null {
  const payout = ret.payout;
  if (!payout) return null;
  const phone = company.supportPhone;
  const account = ret.refundTo.route === "upi" ? (ret.refundTo.upiId ?? "") : (ret.refundTo.accountEnding ?? "");
  switch (payout.status) {
    case "pending":
      return t`Payment sent: waiting for your bank to confirm it.`;
    case "paid": {
      const utr = payout.utr ?? "";
      const day = payout.paidAt ? dayAndTime(payout.paidAt) : "";
      return t`Paid on ${day}. Bank reference (UTR): ${utr}. If you cannot see the money, show this reference to your bank.`;
    }
    case "failed":
      switch (payout.problem) {
        case "accountInvalid":
          return ret.refundTo.route === "upi"
            ? t`The payment failed: the UPI ID ${account} does not exist. Give another UPI ID or bank account below and we will send it there.`
            : t`The payment failed: the bank account ending ${account} does not exist. Give another UPI ID or bank account below and we will send it there.`;
        case "bankOffline":
          return t`The payment failed: your bank was not available, so the money is still with us. Call us on ${phone} and we will send it again.`;
        case "returnedByBank":
          return t`Your bank sent the payment back. Give another UPI ID or bank account below and we will send it there.`;
        default:
          return t`The payment could not be made. Call us on ${phone} and we will send it again.`;
      }
  }
}
