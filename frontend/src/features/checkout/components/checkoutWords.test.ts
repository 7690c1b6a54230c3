// The app's words for the gateway's codes and figures on the checkout, in Hindi: why cash on
// delivery cannot take an order, a GSTIN in another state and a delivery promise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog } from "../../../lib/i18n";
import { promiseWords } from "../../../components/storefront/promise-words";
import { storeCatalog } from "../../../testing/catalogs";
import { checkoutCatalog } from "../catalog";
import { cashRefusalWords, gstinWords } from "./checkoutWords";

beforeAll(async () => {
  await ensureCatalog(checkoutCatalog);
  await ensureCatalog(storeCatalog); // a promise is worded by the store's words, as its pages load them
  await activateLocale("hi");
});
afterAll(() => activateLocale("en"));

describe("the checkout's words for codes, in Hindi", () => {
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
    expect(promiseWords(promise)).toBe("सोमवार, 30 नवंबर से बुधवार, 2 दिसंबर के बीच डिलीवरी");
  });
});
