/**
 * The app's words for what the gateway sends as codes and figures on the checkout and order
 * screens: statuses, ways to pay, delivery promises, timeline notes, refunds, why credit or cash
 * cannot pay. The upstreams' own texts are English data; the shopper reads these, in the page's
 * language. Called while rendering, so a change of language re-renders them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import type { components } from "../../../api/schema";
import { i18n } from "../../../lib/i18n";
import { rupees } from "../../../lib/money";
import { promiseWords } from "../../../components/storefront/promise-words";
import { dayOf } from "../../../lib/dates";
import { placeName } from "../../../lib/place-names";

type Schemas = components["schemas"];
type OrderStatus = Schemas["PlacedOrder"]["status"];
type PaymentState = Schemas["OrderPaymentView"]["state"];
type PaymentMethod = Schemas["OrderPaymentView"]["method"];
type Refund = Schemas["RefundView"];
type Step = Schemas["TrackingStep"];

const STATUS: Record<OrderStatus, MessageDescriptor> = {
  placed: msg`Order placed`,
  packed: msg`Packed`,
  shipped: msg`Shipped`,
  outForDelivery: msg`Out for delivery`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  returned: msg`Returned to seller`,
};

const PAYMENT: Record<PaymentState, MessageDescriptor> = {
  pending: msg`Payment pending`,
  paid: msg`Paid`,
  onDelivery: msg`Pay on delivery`,
  onCredit: msg`On credit`,
  refundInitiated: msg`Refund started`,
  creditReversed: msg`Credit reversed`,
  cancelled: msg`Not charged`,
};

// A refund to the card or UPI past its start, as the payment provider has it: the same words as the
// support desk's timeline, so the shopper and the desk say one thing.
const REFUND_AT_PROVIDER: Record<"credited" | "onHold" | "cancelled", MessageDescriptor> = {
  credited: msg`Refund given back`,
  onHold: msg`Refund on hold at the bank`,
  cancelled: msg`Refund cancelled by the bank`,
};

type RefundState = NonNullable<Refund["providerState"]>;

/** The words of a refund to the card or UPI once it has moved at the provider (given back, held,
 * cancelled), else null: started, or no such refund. */
function movedRefundWords(state: RefundState | null | undefined): string | null {
  return state && state !== "initiated" ? i18n._(REFUND_AT_PROVIDER[state]) : null;
}

/** Where an order's refund to the card or UPI stands at the provider, when it has one. */
export function refundStateOf(refund: Refund | null | undefined): RefundState | null {
  return (refund?.kind === "toSource" && refund.providerState) || null;
}

/**
 * The payment's label, the one source for the order's page and its row in the orders list: where
 * its refund to the card or UPI stands at the provider (the order's `refund.providerState`, the
 * row's `refundState`) once that has moved, else the payment's own state. So the list never says
 * "Refund started" of money the order's page and the desk say was given back.
 */
export function orderPaymentLabel(
  method: PaymentMethod,
  state: PaymentState,
  failed: boolean,
  refundState: RefundState | null | undefined,
): string {
  return movedRefundWords(refundState) ?? paymentLabel(method, state, failed);
}

export function statusWords(status: OrderStatus): string {
  return i18n._(STATUS[status]);
}

export function paymentWords(state: PaymentState): string {
  return i18n._(PAYMENT[state]);
}

/** The payment's short label by its method too: cash is paid on delivery, never "online";
 * an unpaid online order whose last attempt the provider refused reads failed. */
export function paymentLabel(method: PaymentMethod, state: PaymentState, failed: boolean): string {
  if (state === "pending" && failed) return t`Payment failed`;
  if (state === "paid" && method === "cod") return t`Paid on delivery`;
  if (state === "paid" && method === "online") return t`Paid online`;
  return paymentWords(state);
}

/** The orders service's promise as the store words it everywhere ('Get it in 1 Hour', a day, the days). */
export function deliveryWords(promise: Schemas["DeliveryPromiseView"]): string {
  return promiseWords(promise);
}

/** A pin code the store does not deliver to, with its place. */
export function notServiceableWords(place: Schemas["PincodeCheck"]): string {
  const { pincode } = place;
  const city = placeName(place.city, i18n.locale);
  const state = placeName(place.state, i18n.locale);
  return t`Sorry, we do not deliver to pin code ${pincode} (${city}, ${state}) yet.`;
}

/** What a timeline step's note says; the orders service's own text when the app has no words for it. */
export function noteWords(step: Step): string | null {
  const attempt = step.attempt ?? 0;
  switch (step.noteCode) {
    case "deliveryAttempt":
      return t`Delivery attempt ${attempt} of 3`;
    case "deliveryFailed":
      return t`Delivery attempt ${attempt} of 3 failed`;
    case "returnedToSeller":
      return t`Delivery attempt ${attempt} of 3 failed; the order went back to the seller`;
    case "cancelledByYou":
      return t`Cancelled by you`;
    case "notPaidInTime":
      return t`Not paid in time`;
    default:
      return step.note ?? null;
  }
}

/**
 * A refund's heading, what happens to the money, and how long it takes. `late`: the payment
 * reached the provider after the order was cancelled (an unpaid order's checkout still open).
 */
export function refundWords(refund: Refund): { title: string; message: string; timeline: string } {
  const amount = rupees(refund.amount);
  if (refund.kind === "creditReversed") {
    return {
      title: t`Credit cancelled`,
      message: t`The amount owed, ${amount}, is cancelled and restored to your credit limit.`,
      timeline: t`at once`,
    };
  }
  if (refund.kind === "toSource" && refund.providerState && refund.providerState !== "initiated") {
    // Where the provider has it now, in the support desk's words for it (desk/components/words.ts).
    const title = i18n._(REFUND_AT_PROVIDER[refund.providerState]);
    if (refund.providerState === "credited") {
      const message = refund.paidAfterCancelling
        ? t`Your payment of ${amount} reached us after this order was cancelled, and has been given back to the card or UPI you paid with.`
        : t`${amount} has been given back to the card or UPI you paid with.`;
      return { title, message, timeline: t`done` };
    }
    if (refund.providerState === "onHold") {
      return { title, message: t`Your refund of ${amount} is on hold at the bank: it has not reached you yet.`, timeline: t`on hold` };
    }
    return {
      title,
      message: t`The bank cancelled the refund of ${amount}, so it is being asked for again.`,
      timeline: t`2 to 4 business days`,
    };
  }
  if (refund.kind === "toSource") {
    const date = refund.expectedBy ? dayOf(refund.expectedBy) : "";
    const started = refund.paidAfterCancelling
      ? t`Your payment of ${amount} reached us after this order was cancelled, so it is refunded to the card or UPI you paid with.`
      : t`A refund of ${amount} to the card or UPI you paid with has been started.`;
    return {
      title: t`Refund`,
      message: date ? t`${started} Expect it by ${date}.` : started,
      timeline: t`2 to 4 business days`,
    };
  }
  if (refund.kind === "nothingPaid") {
    return {
      title: t`Nothing to refund`,
      message: t`Nothing was paid for this order, so there is nothing to refund.`,
      timeline: t`nothing to refund`,
    };
  }
  // A return's refund: its own panel says where the money goes (returnWords.ts).
  return { title: t`Refund`, message: "", timeline: refund.kind === "creditReduced" ? t`at once` : t`2 to 4 business days` };
}

/** Why a credit note was issued: the order's cancellation, or its goods coming back. */
export function creditNoteReason(status: OrderStatus): string {
  return status === "returned" ? t`Goods returned to the seller after failed deliveries` : t`Order cancelled`;
}

/** Why credit cannot pay this order, or null when it can (or the gateway gave no reason). */
export function creditRefusalWords(credit: Schemas["CreditOffer"], total: string, productName: string): string | null {
  if (credit.offered) return null;
  switch (credit.reason) {
    case "noAccount":
      return t`You do not have a ${productName} Credit account yet. Please choose another way to pay.`;
    case "overdue": {
      const overdue = rupees(credit.overdue ?? "0.00");
      return t`You have an overdue amount of ${overdue}. Please repay it first.`;
    }
    case "overLimit": {
      const orderTotal = rupees(total);
      const available = rupees(credit.available ?? "0.00");
      return t`The order total ${orderTotal} is above your available credit of ${available}.`;
    }
    case "unchecked":
      return t`Credit cannot be checked right now. Please choose another way to pay.`;
    default:
      return credit.message ?? null;
  }
}

/** Why cash on delivery cannot take this order today (the day's cash limit), or null. */
export function cashRefusalWords(cash: Schemas["CashOffer"], total: string, productName: string): string | null {
  if (cash.offered) return null;
  const limit = rupees(cash.limit);
  const today = rupees(cash.usedToday);
  const orderTotal = rupees(total);
  return t`Cash on delivery is limited to ${limit} a day. With your cash orders today (${today}), this order of ${orderTotal} would go past it. Please pay online or with ${productName} Credit.`;
}

/** What is wrong with a GSTIN, by the gateway's code. */
export function gstinWords(check: Schemas["GstinCheck"]): string | null {
  if (check.valid) return null;
  const state = check.state ? placeName(check.state, i18n.locale) : "";
  switch (check.code) {
    case "gstin_check_digit":
      return t`This GSTIN's check digit is wrong. Please check it.`;
    case "gstin_wrong_state":
      return t`This GSTIN is registered in ${state}, not in the billing address's state. Please enter the business's GSTIN for that state.`;
    default:
      return t`Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV.`;
  }
}

/** 'Buy again': what went into the cart, and what is out of stock. */
export function buyAgainWords(result: Schemas["BuyAgainResult"]): string {
  const units = result.added.reduce((sum, line) => sum + line.quantity, 0);
  const names = result.skipped.map((line) => line.productName).join(", ");
  const added = plural(units, { one: "# item added to your cart.", other: "# items added to your cart." });
  if (result.added.length && result.skipped.length) return t`${added} Out of stock, not added: ${names}.`;
  if (result.added.length) return added;
  if (result.skipped.length) return t`Out of stock, not added: ${names}.`;
  return t`Nothing from this order is in stock right now.`;
}

/** An order in the list: its first product, and how many more. */
export function orderSummaryWords(firstProductName: string, lineCount: number): string {
  const name = firstProductName;
  const more = lineCount - 1;
  return more > 0 ? t`${name} and ${more} more` : name;
}
