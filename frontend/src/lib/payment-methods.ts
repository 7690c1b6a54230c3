import { t } from "@lingui/core/macro";
import type { components } from "../api/schema";

/** The checkout's ways to pay, as the gateway names them. */
export type PaymentMethod = components["schemas"]["CheckoutQuoteRequest"]["paymentMethod"];

/** The cart's payment types (the specification's names) and the checkout's ways to pay. */
export type CartPaymentType = "directPayment" | "cash" | "loan";

const METHOD_OF: Record<CartPaymentType, PaymentMethod> = { directPayment: "online", cash: "cod", loan: "credit" };

/** The ways to pay as the page names them, in its language at the time of the call. */
export function paymentLabels(productName: string): Record<PaymentMethod, string> {
  return {
    online: t`Online (UPI, Credit, Debit Cards)`,
    cod: t`Cash on delivery`,
    credit: t`Pay with ${productName} Credit`,
  };
}

/** The cart's choice, carried over in the navigation state; online when there is none. */
export function methodOfCartChoice(state: unknown): PaymentMethod {
  const type = (state as { paymentType?: string } | null)?.paymentType;
  return type && type in METHOD_OF ? METHOD_OF[type as CartPaymentType] : "online";
}

export function cartLabels(productName: string): Record<CartPaymentType, string> {
  const labels = paymentLabels(productName);
  return { directPayment: labels.online, cash: labels.cod, loan: labels.credit };
}
