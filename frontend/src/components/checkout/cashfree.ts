/**
 * The 'cashfree' checkout adapter: the provider's own modal, through its SDK. The SDK is
 * imported only when this adapter is used, because importing it fetches the provider's script.
 * Resolves when the modal closes, however the payment went; the gateway then asks the lender.
 */
export async function openCashfreeCheckout(paymentSessionId: string, mode: "sandbox" | "production"): Promise<void> {
  const { load } = await import("@cashfreepayments/cashfree-js");
  const cashfree = await load({ mode });
  if (!cashfree) throw new Error("The payment provider's checkout could not be loaded");
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the SDK's option
  const result = await cashfree.checkout({ paymentSessionId, redirectTarget: "_modal" });
  if (result.error) console.warn("checkout closed with an error", result.error.message);
}
