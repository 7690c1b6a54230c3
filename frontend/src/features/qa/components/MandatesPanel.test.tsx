// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { renderWithQueries } from "../../../testing/render-app";
import type { KeptMandate, QaMandate } from "../api/mandates";
import type { HoldView } from "../api/mocks";
import { MandatesPanel } from "./MandatesPanel";

const nobody: HoldView = { held: false, holder: null, since: null, until: null, secondsLeft: 0, you: null, yours: false };

const upi: QaMandate = {
  cfSubscriptionId: "1000042",
  subscriptionId: "ap0123456789abcdef0123",
  account: "lender-client",
  status: "ACTIVE",
  method: "upi",
  maxAmount: "11234.00",
  customerPhone: "9876543210",
  loanNumber: "LN-1001",
  expiresAt: "2027-07-15T23:59:00+05:30",
  declining: { failureReason: "Insufficient funds in the account", attempts: 4 },
  payments: [
    {
      paymentId: "ap0123456789abcdef0123a1b2c3",
      cfPaymentId: "1000043",
      type: "AUTH",
      status: "SUCCESS",
      amount: "1.00",
      scheduledFor: "2026-12-06T10:00:00+05:30",
      retryAttempts: 0,
      failureReason: "",
    },
    {
      paymentId: "ap0123456789abcdef0123i4",
      cfPaymentId: "1000044",
      type: "CHARGE",
      status: "PENDING",
      amount: "11233.50",
      scheduledFor: "2027-01-05T10:00:00+05:30",
      retryAttempts: 1,
      failureReason: "Insufficient funds in the account",
    },
  ],
};
const enach: QaMandate = {
  ...upi,
  cfSubscriptionId: "1000050",
  subscriptionId: "ap99999999999999999999",
  status: "BANK_APPROVAL_PENDING",
  method: "enach",
  loanNumber: "LN-1004",
  declining: null,
  payments: [],
};

function theMocks(mandates: QaMandate[], kept: KeptMandate[]) {
  apiServer.use(
    http.get("/_mocks/hold", () => HttpResponse.json(nobody)),
    http.get("/_mocks/payments/subscriptions", () => HttpResponse.json(mandates)),
    http.get("/_mocks/lending/mandates", () => HttpResponse.json(kept)),
  );
}

describe("the QA console's mandates", () => {
  it("lists each mandate with its debits, the bank's declining and whether the lender keeps it", async () => {
    theMocks([enach, upi], [{ loanNumber: "LN-1001", subscriptionId: upi.subscriptionId }]);
    renderWithQueries(<MandatesPanel />);
    const table = screen.getByRole("table", { name: "Mandates" });
    const active = await within(table).findByRole("row", { name: /1000042/ });
    const cells = within(active).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells).toEqual([
      "LN-1001",
      "UPI AutoPay",
      "11234.00",
      "ACTIVE · bank declines the next 4 attempts (Insufficient funds in the account)",
      "yes",
      "ap0123456789abcdef0123i4 ₹11233.50 PENDING, on 5 Jan 2027, 10:00:00 am · 1 retries · Insufficient funds in the account",
    ]);
    const waiting = within(table).getByRole("row", { name: /1000050/ });
    expect(within(waiting).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "LN-1004",
      "eNACH",
      "11234.00",
      "BANK_APPROVAL_PENDING",
      "no",
      "—",
    ]);
  });

  it("tells the provider the payer's word on the chosen mandate, and makes the bank decline its debits", async () => {
    theMocks([enach, upi], []);
    const told: { path: string; body: unknown }[] = [];
    apiServer.use(
      http.post("/_mocks/payments/subscriptions/:id/mandate", async ({ request, params }) => {
        told.push({ path: `mandate ${String(params.id)}`, body: await request.json() });
        return HttpResponse.json({ subscription_status: "CUSTOMER_CANCELLED" });
      }),
      http.post("/_mocks/payments/subscriptions/:id/debits/fail", async ({ request, params }) => {
        told.push({ path: `fail ${String(params.id)}`, body: await request.json() });
        return HttpResponse.json({ failure_reason: "Account blocked", attempts: 2 });
      }),
    );
    renderWithQueries(<MandatesPanel />);
    const mandate = screen.getByLabelText("Mandate");
    await screen.findByRole("option", { name: "1000042 · LN-1001 · ACTIVE" });
    fireEvent.change(mandate, { target: { value: "1000042" } });
    fireEvent.change(screen.getByLabelText("Word"), { target: { value: "cancelled" } });
    fireEvent.click(screen.getByRole("button", { name: "Tell the provider" }));
    expect(await screen.findByText("The mandate is now CUSTOMER_CANCELLED.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Account blocked" } });
    fireEvent.change(screen.getByLabelText("Attempts declined"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Decline them" }));
    expect(await screen.findByText("The bank will decline the next 2 attempts.")).toBeTruthy();
    expect(told).toEqual([
      { path: "mandate 1000042", body: { outcome: "cancelled" } },
      { path: "fail 1000042", body: { failure_reason: "Account blocked", attempts: 2 } },
    ]);
  });

  it("says a mock's refusal in its own words", async () => {
    theMocks([upi], []);
    apiServer.use(
      http.post("/_mocks/payments/subscriptions/:id/mandate", () =>
        HttpResponse.json(
          { message: "no authorisation of this subscription is pending", code: "auth_not_pending", type: "invalid_request_error" },
          { status: 409 },
        ),
      ),
    );
    renderWithQueries(<MandatesPanel />);
    await screen.findByRole("option", { name: "1000042 · LN-1001 · ACTIVE" });
    fireEvent.click(screen.getByRole("button", { name: "Tell the provider" }));
    expect(await screen.findByText("no authorisation of this subscription is pending")).toBeTruthy();
  });
});
