// @vitest-environment jsdom
// A payment the lender refused to book (its checker rejected it) is refunded in full: the page
// says so, in English and in Hindi, never "paid", and the borrower may pay again.
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { portalSession, repayment } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

const LOADED = { timeout: 20_000 };

function refusedByTheLender() {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(portalSession)),
    http.get("/api/portal/repayment", () =>
      HttpResponse.json({
        ...repayment,
        pendingPayments: [{ amount: "500.00", orderId: "FINREPAY_1_9", paymentLogId: 9, startedAt: "2026-11-26T09:34:00Z" }],
      }),
    ),
    http.get("/api/portal/payments", () => HttpResponse.json([])),
    http.post("/api/portal/payments/recheck", () =>
      HttpResponse.json({
        settled: [{ status: "refunded", orderId: "FINREPAY_1_9", amount: "500.00", message: "Refunded." }],
        pending: [],
      }),
    ),
  );
}

afterEach(() => activateLocale("en"));

describe("a payment the lender refused", { timeout: 60_000 }, () => {
  it("is shown refunded in full, what is owed unchanged, never paid", async () => {
    refusedByTheLender();
    renderApp("/payment");
    const said = await screen.findByText(/The lender did not accept this payment/, undefined, LOADED);
    expect(said.textContent).toContain("the full ₹500.00 is being refunded to the account you paid from");
    expect(said.textContent).toContain("What you owe has not changed; you can pay again.");
    expect(screen.queryByText(/Payment successful/i)).toBeNull();
  });

  it("is said so in Hindi", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    refusedByTheLender();
    renderApp("/payment");
    const said = await screen.findByText(/लेंडर ने यह भुगतान स्वीकार नहीं किया/, undefined, LOADED);
    expect(said.textContent).toContain("पूरे ₹500.00 उसी खाते में वापस (रिफ़ंड) किए जा रहे हैं");
    expect(said.textContent).toContain("आपकी बकाया राशि नहीं बदली है");
  });
});
