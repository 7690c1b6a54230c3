// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueries } from "../../../testing/render-app";
import type { PaymentRecord } from "../api/get-payment-history";
import { PaymentHistory } from "./PaymentHistory";

const paid: PaymentRecord = {
  amount: "1000.00",
  createdAt: "2026-11-20T04:30:00Z",
  paidAt: "2026-11-20T04:31:00Z",
  orderId: "FINREPAY_7101_900000001",
  paymentLogId: 900000001,
  providerReference: "CF123456",
  receiptAvailable: false,
  receiptUrl: null,
  status: "paid",
  timeKnown: true,
};

/** A payment's row and, when it has one, the note on the row under it. */
function paymentRow(amount: RegExp): string {
  const row = screen.getByRole("row", { name: amount });
  const next = row.nextElementSibling;
  // A note is a row of one cell across the table (it may name an amount); a payment's row has four.
  const note = next && next.children.length === 1 ? next.textContent : "";
  return `${row.textContent} ${note}`;
}

describe("PaymentHistory", () => {
  it("shows the time a payment was taken where the lender knows it", () => {
    renderWithQueries(<PaymentHistory payments={[paid]} />);
    const row = screen.getByRole("row", { name: /1,000\.00/ });
    expect(row.textContent).toContain("20 Nov 2026");
    expect(row.textContent).toContain("10:01");
  });

  it("shows the day alone, never a time, when the lender knows only the day", () => {
    // A repayment Fineract booked on 23 Nov with no provider record: its day's start in India, for ordering only.
    const dayOnly = { ...paid, paymentLogId: 900000002, createdAt: "2026-11-23T00:00:00+05:30", paidAt: "2026-11-23T00:00:00+05:30", timeKnown: false };
    renderWithQueries(<PaymentHistory payments={[dayOnly]} />);
    const row = screen.getByRole("row", { name: /1,000\.00/ });
    expect(row.textContent).toContain("23 Nov 2026");
    expect(row.textContent).not.toMatch(/\d{1,2}:\d{2}/);
  });

  it("keeps a payment the lender refused, saying where its refund stands and that nothing owed changed", () => {
    const refused = { ...paid, paymentLogId: 900000003, paidAt: null, status: "refundCancelled" as const };
    const onItsWay = { ...paid, paymentLogId: 900000004, amount: "250.00", paidAt: null, status: "refundPending" as const };
    renderWithQueries(<PaymentHistory payments={[refused, onItsWay]} />);
    const givenUp = paymentRow(/1,000\.00/);
    expect(givenUp).toContain("Refund failed");
    expect(givenUp).toContain("Our support team has been told and will return your money");
    expect(givenUp).toContain("what you owe has not changed");
    const coming = paymentRow(/250\.00/);
    expect(coming).toContain("Being refunded");
    expect(coming).toContain("It is being returned to the account you paid from");
  });

  it("says a refund the bank gave up was paid by the support team another way, with its reference", () => {
    const paidOtherwise = { ...paid, paymentLogId: 900000005, paidAt: null, status: "refunded" as const, refundReference: "UTR 7730 1142" };
    renderWithQueries(<PaymentHistory payments={[paidOtherwise]} />);
    const row = paymentRow(/1,000\.00/);
    expect(row).toContain("Refunded");
    expect(row).toContain("our support team paid it to you another way (reference UTR 7730 1142)");
    expect(row).not.toContain("It was returned to the account you paid from");
  });

  it("says what a paid payment brought beyond everything owed is being refunded, and what was kept", () => {
    const late = {
      ...paid,
      paymentLogId: 900000006,
      amount: "12450.00",
      allocation: { charges: "0.00", interest: "0.00", principal: "450.00", refunded: "12000.00" },
    };
    renderWithQueries(<PaymentHistory payments={[late, paid]} />);
    const row = paymentRow(/12,450\.00/);
    expect(row).toContain("Paid");
    expect(row).toContain("₹12,000.00 was more than you owed when your bank let the payment through");
    expect(row).toContain("refunding it to the account you paid from");
    expect(paymentRow(/1,000\.00/)).not.toContain("more than you owed");
  });
});
