// @vitest-environment jsdom
// A cash order's return refunded to a UPI ID: the order page shows the payout pending, paid with
// the bank's UTR, or failed with what to do, in English and Hindi; when the UPI ID did not exist,
// the shopper gives another one on the page, sent once under its Idempotency-Key.
import { fireEvent, screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import type { components } from "../../../api/schema";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { cart, order, storeSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

type Payout = components["schemas"]["PayoutView"];
const SLOW_START = { timeout: 8000 }; // the first render waits for the route's chunk and catalog

const returned = (payout: Payout) => ({
  ...order,
  status: "delivered" as const,
  returns: [
    {
      number: `${order.orderNumber}-R1`,
      status: payout.status === "paid" ? ("refunded" as const) : ("received" as const),
      requestedAt: "2026-11-28T05:00:00+00:00",
      lines: [
        {
          productId: 1,
          productName: "Trikon PVC Conduit Pipe 20mm",
          quantity: 1,
          taxableAmount: "43.08",
          gstAmount: "7.76",
          lineTotal: "50.84",
        },
      ],
      reason: "damaged" as const,
      note: "",
      photoCount: 1,
      pickup: { date: "2026-11-29", window: "morning" as const },
      refundTo: { route: "upi" as const, upiId: "ramesh@okaxis", accountEnding: null, ifsc: null },
      amount: "50.84",
      timeline: [],
      creditNote: null,
      refund: null,
      payout,
    },
  ],
});

function showing(payout: Payout) {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(storeSession)),
    http.get("/api/store/cart", () => HttpResponse.json(cart)),
    http.get(`/api/orders/${order.orderNumber}`, () => HttpResponse.json(returned(payout))),
  );
  renderApp(`/orders/${order.orderNumber}`);
}

afterEach(() => activateLocale("en"));

describe("a refund paid out to a UPI ID", () => {
  it("is shown waiting for the bank while the payout is pending", async () => {
    showing({ status: "pending", utr: null, paidAt: null, problem: null, anotherAccount: false });
    const shown = await screen.findByTestId("return-payout", {}, SLOW_START);
    expect(shown.textContent).toBe("Payment sent: waiting for your bank to confirm it.");
  });

  it("is shown paid with the bank's UTR", async () => {
    showing({ status: "paid", utr: "634012345678", paidAt: "2026-12-03T05:15:00+00:00", problem: null, anotherAccount: false });
    const shown = await screen.findByTestId("return-payout", {}, SLOW_START);
    expect(shown.textContent).toContain("Bank reference (UTR): 634012345678");
    expect(shown.textContent).toContain("Paid on 3 Dec 2026");
  });

  it("is shown failed when the UPI ID does not exist, and another one given is paid", async () => {
    showing({ status: "failed", utr: null, paidAt: null, problem: "accountInvalid", anotherAccount: true });
    const shown = await screen.findByTestId("return-payout", {}, SLOW_START);
    expect(shown.textContent).toBe(
      "The payment failed: the UPI ID ramesh@okaxis does not exist. Give another UPI ID or bank account below and we will send it there.",
    );
    const asked: { key: string | null; body: unknown }[] = [];
    const pending = returned({ status: "pending", utr: null, paidAt: null, problem: null, anotherAccount: false });
    apiServer.use(
      http.post(`/api/orders/${order.orderNumber}/returns/${order.orderNumber}-R1/payee`, async ({ request }) => {
        asked.push({ key: request.headers.get("Idempotency-Key"), body: await request.json() });
        return HttpResponse.json(pending);
      }),
    );
    const form = screen.getByTestId("new-payee-form");
    fireEvent.change(screen.getByLabelText("Your UPI ID"), { target: { value: "ramesh@okicici" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the refund here" }));
    expect((await screen.findByTestId("return-payout")).textContent).toBe("Payment sent: waiting for your bank to confirm it.");
    expect(form.isConnected).toBe(false); // pending: nothing more to give
    expect(asked).toEqual([{ key: expect.stringMatching(/.{8,}/), body: { refundTo: { upiId: "ramesh@okicici" } } }]);
  });

  it("offers no other account while the bank was only offline", async () => {
    showing({ status: "failed", utr: null, paidAt: null, problem: "bankOffline", anotherAccount: false });
    await screen.findByTestId("return-payout", {}, SLOW_START);
    expect(screen.queryByTestId("new-payee-form")).toBeNull();
  });

  it("says the same in Hindi", async () => {
    await ensureCatalog(sharedCatalog);
    await activateLocale("hi");
    showing({ status: "failed", utr: null, paidAt: null, problem: "bankOffline", anotherAccount: false });
    const shown = await screen.findByTestId("return-payout", {}, SLOW_START);
    expect(shown.textContent).toContain("भुगतान नहीं हो सका: आपका बैंक उपलब्ध नहीं था");
  });
});
