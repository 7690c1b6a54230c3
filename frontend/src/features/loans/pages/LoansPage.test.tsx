// @vitest-environment jsdom
// The borrower's loans as a borrower sees them: each loan with its lender, figures and status; a
// loan's page with where it stands and today's amount to close it, asked for only on a click;
// the same in Hindi.
import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { foreclosureQuote, loans, portalSession } from "../../../testing/gateway-answers";
import { loanPageReads, unavailable } from "../../../testing/loan-page-reads";
import { renderApp } from "../../../testing/render-app";

// A page's first render waits for its lazily loaded module and catalog, slow on a busy machine.
const LOADED = { timeout: 10_000 };

/** The borrower logged in, with three loans; a loan page's Key Facts, schedule and statement are not what these tests are about. */
function borrower() {
  apiServer.use(
    ...loanPageReads,
    http.get("/api/loans/:loanNumber/autopay", () => HttpResponse.json({ terms: null, mandate: null })),
  );
}

const article = (name: string) => screen.getByRole("article", { name });

describe("the loans list", { timeout: 30_000 }, () => {
  it("shows each loan with its lender, status and figures, and links to its page", async () => {
    borrower();
    renderApp("/loans");
    expect(await screen.findByRole("heading", { name: "Loan LN-1001" }, LOADED)).toBeTruthy();
    const overdue = article("Loan LN-1001");
    expect(within(overdue).getByText("Overdue")).toBeTruthy();
    expect(within(overdue).getByRole("link", { name: "Sahyogkosh Finance Limited" }).getAttribute("href")).toBe("https://sahyogkosh.example");
    expect(within(overdue).getByText("VoltKhata")).toBeTruthy();
    expect(within(overdue).getAllByText("₹12,450.00").length).toBeGreaterThan(0);
    expect(within(overdue).getByText("₹450.00")).toBeTruthy();
    expect(within(overdue).getByText("17 days")).toBeTruthy();
    const current = article("Loan LN-1004");
    expect(within(current).getByText("Current")).toBeTruthy();
    expect(within(current).getByText(/₹5,750.00 on/)).toBeTruthy();
    expect(within(article("Loan LN-0998")).getByText("Closed")).toBeTruthy();
    expect(
      within(overdue).getByRole("link", { name: /^Key facts, statement and schedule.*LN-1001$/ }).getAttribute("href"),
    ).toBe("/loans/LN-1001");
  });

  it("says when the loans could not be loaded, and Try again loads them", async () => {
    let calls = 0;
    apiServer.use(
      http.get("/api/session", () => HttpResponse.json(portalSession)),
      http.get("/api/loans", () => (++calls === 1 ? unavailable() : HttpResponse.json(loans))),
    );
    renderApp("/loans");
    expect(await screen.findByText("We could not load your loans.", undefined, LOADED)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Loan LN-1004" })).toBeTruthy();
  });

  it("sends a visitor without the portal's login to /paynow", async () => {
    apiServer.use(http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })));
    const app = renderApp("/loans");
    expect(await screen.findByRole("heading", { name: "Pay Now" }, LOADED)).toBeTruthy();
    expect(app.path()).toBe("/paynow");
  });
});

describe("a loan's page", { timeout: 30_000 }, () => {
  it("shows where the loan stands, and today's amount to close it only when asked", async () => {
    borrower();
    let quoted = 0;
    apiServer.use(
      http.get("/api/loans/LN-1004/foreclosure", () => {
        quoted += 1;
        return HttpResponse.json(foreclosureQuote);
      }),
    );
    renderApp("/loans/LN-1004");
    const standing = await screen.findByRole("region", { name: "Where the loan stands" }, LOADED);
    expect(within(standing).getByText("₹41,000.00")).toBeTruthy();
    expect(within(standing).getByText("₹120.00")).toBeTruthy();
    const closing = screen.getByRole("region", { name: "Close this loan early" });
    expect(quoted).toBe(0);
    fireEvent.click(within(closing).getByRole("button", { name: "See today's amount to close the loan" }));
    expect(await within(closing).findByText("₹41,120.00")).toBeTruthy();
    expect(quoted).toBe(1);
    expect(within(closing).getByText(/No foreclosure charge: this is a floating-rate loan/)).toBeTruthy();
    expect(within(closing).getByRole("button", { name: "Pay ₹41,120.00 and close the loan" })).toBeTruthy();
  });

  it("offers a closed loan's no-dues certificate instead of closing it", async () => {
    borrower();
    renderApp("/loans/LN-0998");
    const noDues = await screen.findByRole("region", { name: "No-dues certificate" }, LOADED);
    expect(within(noDues).getByText("This loan is closed and nothing is owed on it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "See today's amount to close the loan" })).toBeNull();
  });

  it("says so for a loan number the borrower does not have", async () => {
    borrower();
    renderApp("/loans/LN-4040");
    expect(await screen.findByRole("alert", undefined, LOADED)).toHaveProperty("textContent", "You have no loan with this number.");
  });
});

describe("the loans in Hindi", { timeout: 30_000 }, () => {
  afterEach(() => activateLocale("en"));

  it("shows the list and a loan's page in Hindi, figures as they are", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    borrower();
    renderApp("/loans/LN-1004");
    const standing = await screen.findByRole("region", { name: "लोन की मौजूदा स्थिति" }, LOADED);
    expect(within(standing).getByText("₹41,000.00")).toBeTruthy();
    const closing = screen.getByRole("region", { name: "यह लोन जल्दी बंद करें" });
    expect(within(closing).getByRole("button", { name: "लोन बंद करने की आज की राशि देखें" })).toBeTruthy();
  });

  it("names the loans' statuses in Hindi", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    borrower();
    renderApp("/loans");
    expect(await screen.findByRole("heading", { name: "आपके लोन" }, LOADED)).toBeTruthy();
    expect((await screen.findAllByText("बकाया")).length).toBeGreaterThan(0);
  });
});
