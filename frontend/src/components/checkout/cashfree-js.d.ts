// The SDK ships no types; this is the part of its API the portal uses.
declare module "@cashfreepayments/cashfree-js" {
  export interface CheckoutResult {
    error?: { message?: string };
    redirect?: boolean;
    paymentDetails?: { paymentMessage?: string };
  }
  export interface Cashfree {
    checkout(options: { paymentSessionId: string; redirectTarget: "_modal" | "_self" | "_blank" }): Promise<CheckoutResult>;
  }
  export function load(options: { mode: "sandbox" | "production" }): Promise<Cashfree | null>;
}
