// @vitest-environment jsdom
// A payment that brought more than was owed by the time the bank let it through (the loan was
// closed meanwhile): the lender books what was owed and refunds the rest. Found booked by the
// re-check on arrival (the tab was closed, or the bank was slow), its outcome says what a confirmed
// payment's does: the amount, how the booked part was applied and that the rest is being refunded,
// in English and in Hindi.
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { portalSession, repayment } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

const LOADED = { timeout: 20_000 };

function paidBeyondWhatWasOwed() {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(portalSession)),
    http.get("/api/portal/repayment", () =>
      HttpResponse.json({
        ...repayment,
        pendingPayments: [{ amount: "1200.00", orderId: "FINREPAY_1_9", paymentLogId: 9, startedAt: "2026-11-26T09:34:00Z" }],
      }),
    ),
    http.get("/api/portal/payments", () => HttpResponse.json([])),
    http.post("/api/portal/payments/recheck", () =>
      HttpResponse.json({
        settled: [
          {
            status: "completed",
            orderId: "FINREPAY_1_9",
            amount: "1200.00",
            message: "Paid.",
            providerReference: "cf-9",
            allocation: { charges: "0.00", interest: "100.00", principal: "600.00", refunded: "500.00" },
          },
        ],
        pending: [],
      }),
    ),
  );
}

afterEach(() => activateLocale("en"));

describe("a payment beyond what was owed", { timeout: 60_000 }, () => {
  it("shows the booked part's split and the rest refunded to the payer", async () => {
    paidBeyondWhatWasOwed();
    renderApp("/payment");
    const row = await screen.findByText("Refunded to you", undefined, LOADED);
    expect(row.nextElementSibling?.textContent).toBe(
      "₹500.00 was more than you owed when your bank let the payment through. The lender is refunding it to the account you paid from.",
    );
    expect(screen.getByText("Charges ₹0.00, interest ₹100.00, principal ₹600.00")).toBeTruthy();
    expect(screen.getByText("Amount paid").nextElementSibling?.textContent).toBe("₹1,200.00");
  });

  it("is said so in Hindi", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    paidBeyondWhatWasOwed();
    renderApp("/payment");
    const row = await screen.findByText("आपको वापस", undefined, LOADED);
    expect(row.nextElementSibling?.textContent).toBe(
      "जब आपके बैंक ने भुगतान पूरा किया, तब ₹500.00 आपके बकाया से अधिक था। ऋणदाता इसे उसी खाते में वापस कर रहा है जिससे आपने भुगतान किया था।",
    );
  });
});
