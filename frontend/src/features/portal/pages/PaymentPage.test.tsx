// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { portalSession, repayment } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

function borrower() {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(portalSession)),
    http.get("/api/portal/payments", () => HttpResponse.json([])),
  );
}

describe("the repayment page", () => {
  it("shows Loading... until the repayment arrives, then what is owed", async () => {
    borrower();
    apiServer.use(
      http.get("/api/portal/repayment", async () => {
        await delay(50);
        return HttpResponse.json(repayment);
      }),
    );
    renderApp("/payment");
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect((await screen.findAllByText("₹12,450.00")).length).toBeGreaterThan(0);
    // The name is in the header too (one login); the page names the borrower in its own content.
    expect(within(screen.getByRole("main")).getByText("Ramesh Kumar")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay" })).toBeTruthy();
  });

  it("says when the repayment could not be loaded, and Try again loads it", async () => {
    borrower();
    let calls = 0;
    apiServer.use(
      http.get("/api/portal/repayment", () =>
        ++calls === 1
          ? HttpResponse.json({ error: { code: "upstream_unavailable", message: "The lender is not answering." } }, { status: 503 })
          : HttpResponse.json(repayment),
      ),
    );
    renderApp("/payment");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not load your repayment details.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findAllByText("₹12,450.00")).length).toBeGreaterThan(0);
    expect(screen.queryByText(/We could not load your repayment details/)).toBeNull();
    expect(calls).toBe(2);
  });

  it("asks the lender again through /paynow for a borrower who owed nothing at login, then shows what is owed now", async () => {
    let owing = false;
    let asked = 0;
    apiServer.use(
      http.get("/api/session", () =>
        HttpResponse.json({
          portal: { ...portalSession.portal, owing },
          store: { verified: true, mobileNumber: "9876543210", via: "otp" },
        }),
      ),
      http.post("/api/portal/login", () => {
        asked += 1;
        owing = true; // a purchase on credit since the login
        return HttpResponse.json({ message: "OTP verified successfully!", outcome: "payment", portal: { ...portalSession.portal } });
      }),
      http.get("/api/portal/payments", () => HttpResponse.json([])),
      http.get("/api/portal/repayment", () => HttpResponse.json(repayment)),
    );
    const app = renderApp("/payment");
    expect((await screen.findAllByText("₹12,450.00")).length).toBeGreaterThan(0);
    expect(app.path()).toBe("/payment");
    expect(asked).toBeGreaterThan(0); // the lender was asked again
  });

  it("sends a visitor without a portal login to /paynow", async () => {
    apiServer.use(http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })));
    const app = renderApp("/payment");
    await screen.findByRole("heading", { name: "Pay Now" });
    expect(app.path()).toBe("/paynow");
  });

  it("tells a borrower whose loan takes no online payment what happened and what to do, not an error popup", async () => {
    borrower();
    apiServer.use(
      http.get("/api/portal/repayment", () => HttpResponse.json(repayment)),
      http.post("/api/portal/payments", () =>
        HttpResponse.json(
          { error: { code: "loan_not_mapped", message: "Your loan is not linked to a lender that can take payments online yet." } },
          { status: 422 },
        ),
      ),
    );
    renderApp("/payment");
    fireEvent.click(await screen.findByRole("button", { name: "Pay" }));
    const panel = await screen.findByRole("alert", { name: "We cannot take this payment online" });
    expect(panel.textContent).toContain("no money was taken");
    expect(within(panel).getByRole("link", { name: "Raise a complaint" }).getAttribute("href")).toBe("/complaints");
    expect(within(panel).getByRole("link", { name: "+91 80 4000 1234" }).getAttribute("href")).toBe("tel:+918040001234");
    expect(within(panel).getByText("LN-1001")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull(); // nothing to try again
  });
});
