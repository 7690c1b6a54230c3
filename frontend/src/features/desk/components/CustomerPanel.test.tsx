// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueries } from "../../../testing/render-app";
import type { CustomerView, DeskOrder, DeskRepayment } from "../api/desk";
import { CustomerPanel } from "./CustomerPanel";

const repayment: DeskRepayment = {
  orderId: "FINREPAY_7101_900000001",
  loanNumber: "FIN-000007101",
  amount: "200.50",
  status: "paid",
  cfPaymentId: "3100002",
  paidAt: "2026-11-23T06:30:00+00:00",
  receiptResendable: true,
};

const order: DeskOrder = {
  orderNumber: "VK10000002",
  status: "outForDelivery",
  total: "238.93",
  paymentMethod: "cod",
  paymentState: "onDelivery",
  providerOrderId: null,
  createdAt: "2026-11-23T06:30:00+00:00",
  refundKind: null,
  cancellable: false,
};

function customer(repayments: DeskRepayment[], orders: DeskOrder[] = []): CustomerView {
  return {
    query: "9811122233",
    foundBy: "mobile",
    mobileNumber: "9811122233",
    name: "Meena Gupta",
    orders,
    repayments,
    complaints: [],
    timeline: [],
  };
}

describe("CustomerPanel", () => {
  it("offers to resend a receipt the lender can send again", () => {
    renderWithQueries(<CustomerPanel customer={customer([repayment])} staff={{ name: "asha.agent", role: "agent" }} onActed={() => {}} />);
    expect(screen.getByRole("button", { name: "Resend receipt" })).toBeTruthy();
  });

  it("says why instead of offering a resend the lender cannot do", () => {
    const none = { ...repayment, receiptResendable: false };
    renderWithQueries(<CustomerPanel customer={customer([none])} staff={{ name: "asha.agent", role: "agent" }} onActed={() => {}} />);
    expect(screen.queryByRole("button", { name: "Resend receipt" })).toBeNull();
    expect(screen.getByText("This lender cannot send its receipt again; ask the lender for it.")).toBeTruthy();
  });

  it("says a repayment awaiting the lender's checker is paid and not to be asked for again", () => {
    const waiting = { ...repayment, status: "awaitingApproval", paidAt: null, receiptResendable: false };
    renderWithQueries(<CustomerPanel customer={customer([waiting])} staff={{ name: "asha.agent", role: "agent" }} onActed={() => {}} />);
    const row = screen.getAllByRole("listitem")[0]!;
    expect(row.textContent).toContain("Awaiting the lender's approval");
    expect(row.textContent).not.toContain("awaitingApproval");
    expect(row.textContent).toContain("Do not ask the customer to pay again");
    expect(screen.queryByRole("button", { name: "Resend receipt" })).toBeNull();
  });

  it("tells a caller's login codes: sent by SMS, or refused by our limits and why", () => {
    const codes: CustomerView = {
      ...customer([]),
      name: null,
      timeline: [
        { at: "2026-11-27T12:31:00+00:00", source: "gateway", kind: "loginCodeRefused", reference: "9811122233", note: "otp_send_limit", timeKnown: true },
        { at: "2026-11-27T12:30:00+00:00", source: "lender", kind: "loginCodeSent", reference: "9811122233", sentTo: "9811122233", timeKnown: true },
      ],
    };
    renderWithQueries(<CustomerPanel customer={codes} staff={{ name: "asha.agent", role: "agent" }} onActed={() => {}} />);
    const [refused, sent] = screen.getAllByRole("listitem").filter((item) => /Login code/.test(item.textContent ?? ""));
    expect(refused!.textContent).toContain("Login code refused by our limits");
    expect(refused!.textContent).toContain("Too many codes asked for in an hour");
    expect(refused!.textContent).toContain("VoltKhata login");
    expect(sent!.textContent).toContain("Login code sent by SMS");
    expect(sent!.textContent).toContain("To 9811122233");
  });

  it("says where an order and a repayment stand in words, not the gateway's codes", () => {
    renderWithQueries(
      <CustomerPanel customer={customer([repayment], [order])} staff={{ name: "asha.agent", role: "agent" }} onActed={() => {}} />,
    );
    const [orderRow, repaymentRow] = screen.getAllByRole("listitem");
    expect(orderRow.textContent).toContain("Out for delivery Cash on delivery");
    expect(orderRow.textContent).not.toContain("outForDelivery");
    expect(repaymentRow.textContent).toContain("₹200.50 Paid");
  });

  it("tells a cancelled credit order's one story on its card and in the timeline: back on the credit limit", () => {
    const cancelled: DeskOrder = { ...order, status: "cancelled", paymentMethod: "credit", paymentState: "creditReversed", refundKind: "creditReversed" };
    const view: CustomerView = {
      ...customer([], [cancelled]),
      timeline: [
        { at: "2026-11-27T12:31:00+00:00", source: "orders", kind: "creditRestored", reference: cancelled.orderNumber, amount: "238.93", timeKnown: true },
      ],
    };
    renderWithQueries(<CustomerPanel customer={view} staff={{ name: "vikram.supervisor", role: "supervisor" }} onActed={() => {}} />);
    const [card, entry] = screen.getAllByRole("listitem");
    expect(card!.textContent).toContain("₹238.93 back on the customer's credit limit");
    expect(entry!.textContent).toContain("Back on the customer's credit limit");
    expect(entry!.textContent).toContain("₹238.93");
    expect(screen.queryByText(/Refund started/)).toBeNull();
  });

    it("says why its actions wait until a reason is typed", () => {
    renderWithQueries(<CustomerPanel customer={customer([repayment])} staff={{ name: "asha.agent", role: "agent" }} onActed={() => {}} />);
    expect((screen.getByRole("button", { name: "Resend receipt" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("Type the reason first: the actions below wait for it.")).toBeTruthy();
  });
});
