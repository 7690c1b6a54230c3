/**
 * The app's words for what the gateway sends as codes and figures on the order screens: statuses,
 * ways to pay, timeline notes, refunds, a credit note's reason, buying again. The upstreams' own
 * texts are English data; the shopper reads these, in the page's language. Called while
 * rendering, so a change of language re-renders them. (The checkout's are its checkoutWords.ts;
 * a delivery promise is the storefront's promiseWords.)
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import type { components } from "../../../api/schema";
import { i18n } from "../../../lib/i18n";
import { rupees } from "../../../lib/money";
import { dayOf } from "../../../lib/dates";

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
