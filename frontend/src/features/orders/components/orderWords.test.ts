// The app's words for the gateway's codes and figures on the order screens, in Hindi: a refund and
// a failed delivery (the checkout's are in checkout/components/checkoutWords.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog } from "../../../lib/i18n";
import { ordersCatalog } from "../catalog";
import { noteWords, refundWords } from "./orderWords";

beforeAll(async () => {
  await ensureCatalog(ordersCatalog);
  await activateLocale("hi");
});
afterAll(() => activateLocale("en"));

describe("the order screens' words for codes, in Hindi", () => {
  it("words a refund to the card with its amount and the day to expect it", () => {
    const words = refundWords({ kind: "toSource", amount: "1234.50", timeline: "2 to 4 business days", expectedBy: "2026-11-30", message: "", paidAfterCancelling: false });
    expect(words).toEqual({
      title: "रिफ़ंड",
      message: "₹1,234.50 का रिफ़ंड उसी कार्ड या UPI में शुरू हो गया है जिससे आपने भुगतान किया था। 30 नवंबर 2026 तक मिल जाएगा।",
      timeline: "2 से 4 कामकाजी दिन",
    });
  });

  it("says so when the payment reached the provider after the order was cancelled", () => {
    const refund = { kind: "toSource", amount: "500.00", timeline: "", expectedBy: null, message: "", paidAfterCancelling: true } as const;
    expect(refundWords(refund).message).toContain("₹500.00");
    expect(refundWords(refund).message).not.toEqual(refundWords({ ...refund, paidAfterCancelling: false }).message);
  });

  it("words a failed delivery attempt from its code, and keeps a note it has no code for", () => {
    const step = { status: "shipped", label: "Shipped", at: null, state: "done", note: "x" } as const;
    expect(noteWords({ ...step, noteCode: "deliveryFailed", attempt: 2 })).toBe("डिलीवरी की कोशिश 2/3 नाकाम रही");
    expect(noteWords({ ...step, noteCode: null, note: "Left at the gate" })).toBe("Left at the gate");
  });

});
