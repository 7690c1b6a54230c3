// @vitest-environment jsdom
// The portal's pages in Hindi: after the switch to Hindi, what each page shows in <main> is
// Devanagari but for names, amounts, codes and the words Indians write in Latin letters.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { portalSession, repayment } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";
import type { PaymentRecord } from "../api/get-payment-history";

// A page's first render waits for its lazily loaded module and catalog, slow on a busy machine.
const LOADED = { timeout: 10_000 };

const ALLOWED = new Set(["OTP", "PDF", "Ramesh", "Kumar", "Sahyogkosh", "Finance", "LN", "UPI"]);

/** The Latin-script words <main> shows that are not a name, a code (letters with digits) or an allowed word. */
function latinWords(): string[] {
  const tokens = (document.querySelector("main")?.textContent ?? "").split(/\s+/).filter((token) => !/\d/.test(token));
  return tokens.flatMap((token) => token.match(/[A-Za-z]+/g) ?? []).filter((word) => !ALLOWED.has(word));
}

const paid: PaymentRecord = {
  amount: "1000.00",
  createdAt: "2026-11-20T04:30:00Z",
  paidAt: "2026-11-20T04:31:00Z",
  orderId: "RP-1",
  paymentLogId: 7,
  providerReference: "CF123456",
  receiptAvailable: true,
  timeKnown: true,
  receiptUrl: "/api/portal/payments/7/receipt",
  status: "paid",
};

// jsdom has <dialog> without its modal methods: the open attribute is what they set.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute("open");
};

beforeEach(async () => {
  // The app loads the shared catalog as it starts (main.tsx); the switch then loads every catalog in Hindi.
  await ensureCatalog(sharedCatalog, "en");
  await activateLocale("hi");
});

afterEach(() => activateLocale("en"));

describe("the portal in Hindi", { timeout: 30_000 }, () => {
  it("/paynow asks for the mobile number, and says so when it is not valid", async () => {
    apiServer.use(http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })));
    renderApp("/paynow");
    expect(await screen.findByRole("heading", { name: "अभी भुगतान करें" }, LOADED)).toBeTruthy();
    expect(screen.getByText("अपने लोन का भुगतान ऑनलाइन करें")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("मोबाइल नंबर"), { target: { value: "98765" } });
    fireEvent.click(screen.getByRole("button", { name: "आगे बढ़ें" }));
    expect((await screen.findByRole("alert")).textContent).toBe("कृपया सही 10 अंकों का मोबाइल नंबर डालें।");
    expect(latinWords()).toEqual([]);
  });

  it("/verify-otp asks for the code sent to the number", async () => {
    apiServer.use(http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })));
    renderApp("/verify-otp", { mobileNumber: "9876543210" });
    expect(await screen.findByRole("heading", { name: "OTP सत्यापित करें" }, LOADED)).toBeTruthy();
    expect(screen.getByText(/पर भेजा गया OTP डालें/).textContent).toContain("+91 9876543210");
    fireEvent.click(screen.getByRole("button", { name: "सत्यापित करें" }));
    expect((await screen.findByRole("alert")).textContent).toBe("कृपया सही 6 अंकों का OTP डालें।");
    expect(latinWords()).toEqual([]);
  });

  it("/payment shows what is owed, the loan's details with a Hindi date, a pending payment and the history", async () => {
    apiServer.use(
      http.get("/api/session", () => HttpResponse.json(portalSession)),
      http.get("/api/portal/repayment", () =>
        HttpResponse.json({
          ...repayment,
          pendingPayments: [{ amount: "500.00", orderId: "RP-2", paymentLogId: 8, startedAt: "2026-11-26T09:34:00Z" }],
        }),
      ),
      http.get("/api/portal/payments", () => HttpResponse.json([paid])),
      http.post("/api/portal/payments/recheck", () => HttpResponse.json({ settled: [], pending: [] })),
    );
    renderApp("/payment");
    expect(await screen.findByRole("heading", { name: "लोन भुगतान" }, LOADED)).toBeTruthy();
    expect(await screen.findByRole("radio", { name: /कुल बकाया ₹12,450.00/ })).toBeTruthy();
    expect(screen.getByText("भुगतान की पुष्टि बाकी है")).toBeTruthy();
    expect(screen.getByText("₹500.00, शुरू हुआ: 26 नवंबर 2026 को दोपहर 3:04 बजे")).toBeTruthy();
    await screen.findByRole("region", { name: "भुगतान का इतिहास" });
    expect(screen.getByText("सफल")).toBeTruthy();
    expect(screen.getByText("20 नवंबर 2026")).toBeTruthy();
    expect(screen.getByText("सुबह 10:01")).toBeTruthy();
    expect(latinWords()).toEqual([]);

    fireEvent.click(screen.getByRole("radio", { name: "आंशिक भुगतान" }));
    fireEvent.change(screen.getByLabelText("भुगतान की राशि (₹)"), { target: { value: "20000" } });
    fireEvent.click(screen.getByRole("button", { name: "भुगतान करें" }));
    expect((await screen.findByRole("alert")).textContent).toBe("राशि बकाया राशि ₹12,450.00 से ज़्यादा नहीं हो सकती।");

    fireEvent.click(screen.getByRole("button", { name: "विवरण देखें" }));
    const details = await screen.findByRole("dialog", { name: "लोन का विवरण" });
    await waitFor(() => expect(details.textContent).toContain("10 नवंबर 2026"));
    expect(details.textContent).toContain("17 दिन");
    expect(details.textContent).toContain("बकाया मूलधन");
  });

  it("/payment says in Hindi what to do when the loan takes no online payment", async () => {
    apiServer.use(
      http.get("/api/session", () => HttpResponse.json(portalSession)),
      http.get("/api/portal/repayment", () => HttpResponse.json(repayment)),
      http.get("/api/portal/payments", () => HttpResponse.json([])),
      http.post("/api/portal/payments", () =>
        HttpResponse.json({ error: { code: "loan_not_mapped", message: "Not mapped." } }, { status: 422 }),
      ),
    );
    renderApp("/payment");
    fireEvent.click(await screen.findByRole("button", { name: "भुगतान करें" }, LOADED));
    const panel = await screen.findByRole("alert", { name: "हम यह भुगतान ऑनलाइन नहीं ले सकते" });
    expect(panel.textContent).toContain("कोई पैसा नहीं कटा");
    expect(within(panel).getByRole("link", { name: "शिकायत दर्ज करें" })).toBeTruthy();
    expect(latinWords()).toEqual([]);
  });

  it("/nopayment says nothing is due", async () => {
    apiServer.use(http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })));
    renderApp("/nopayment");
    expect(await screen.findByRole("heading", { name: "आपका कोई भुगतान बाकी नहीं है" }, LOADED)).toBeTruthy();
    expect(screen.getByRole("link", { name: "होम पेज पर वापस जाएँ" })).toBeTruthy();
    expect(latinWords()).toEqual([]);
  });
});
