// The app's words for the gateway's codes and figures, in Hindi: a refund, a failed delivery, why
// cash on delivery cannot take an order, and a GSTIN in another state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog } from "../../../lib/i18n";
import { storeCatalog } from "../../../testing/catalogs";
import { checkoutCatalog } from "../catalog";
import { cashRefusalWords, deliveryWords, gstinWords, noteWords, refundWords } from "./orderWords";

beforeAll(async () => {
  await ensureCatalog(checkoutCatalog);
  await ensureCatalog(storeCatalog); // a promise is worded by the store's words, as its pages load them
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

  it("words the day's cash limit with the amounts in Indian grouping", () => {
    const cash = { offered: false, message: null, limit: "50000.00", usedToday: "38000.00" };
    expect(cashRefusalWords(cash, "12500.00", "VoltKhata")).toBe(
      "कैश ऑन डिलीवरी की सीमा एक दिन में ₹50,000.00 है। आज के आपके नकद ऑर्डर (₹38,000.00) के साथ ₹12,500.00 का यह ऑर्डर इस सीमा से ऊपर चला जाएगा। कृपया ऑनलाइन या VoltKhata क्रेडिट से भुगतान करें।",
    );
  });

  it("words a GSTIN of another state and a standard delivery's days", () => {
    const check = { gstin: "27AAPFU0939F1ZV", valid: false, code: "gstin_wrong_state", message: "", state: "Maharashtra" };
    // The state as Hindi names it (lib/place-names.ts), not as the GSTIN check sends it (issue 53).
    expect(gstinWords(check)).toBe("यह GSTIN महाराष्ट्र में रजिस्टर्ड है, बिलिंग पते के राज्य में नहीं। कृपया उस राज्य का बिज़नेस GSTIN डालें।");
    const promise = { type: "standard", earliestBy: "2026-11-30T10:00:00+05:30", latestBy: "2026-12-02T10:00:00+05:30", label: "" } as const;
    expect(deliveryWords(promise)).toBe("सोमवार, 30 नवंबर से बुधवार, 2 दिसंबर के बीच डिलीवरी");
  });
});
