// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithQueries } from "../../../testing/render-app";
import type { CustomerView } from "../api/desk";
import { Mandates } from "./Mandates";

type Mandate = NonNullable<CustomerView["mandates"]>[number];

const enach: Mandate = {
  mandateId: "AP-LN-1102-1",
  loanNumber: "LN-1102",
  lenderName: "Shakti Finance",
  status: "ACTIVE",
  method: "enach",
  maxAmount: "60000.00",
  startOn: "2026-12-01",
  endOn: "2027-11-30",
  accountEnding: "7890",
  bankCode: "HDFC",
  lenderToldAt: null,
  debits: [
    { paymentId: "AP-LN-1102-1-i3", instalment: 3, dueOn: "2026-12-05", amount: "20400.00", status: "authenticate", noticedAt: "2026-12-03T03:30:00+00:00" },
    { paymentId: "AP-LN-1102-1-i4", instalment: 4, dueOn: "2027-01-05", amount: "20400.00", status: "planned" },
  ],
};

describe("Mandates", () => {
  it("says an eNACH mandate's account, whether its lender was told, and when the borrower was", () => {
    renderWithQueries(<Mandates mandates={[enach]} />);
    const caption = screen.getByRole("table").querySelector("caption")!.textContent ?? "";
    expect(caption).toContain("LN-1102: ACTIVE, eNACH from the account ending 7890 at HDFC, up to ₹60,000.00 a debit");
    expect(caption).toContain("; lender not told yet");
    const [asked, planned] = screen.getAllByRole("row").slice(1);
    expect(asked!.textContent).toMatch(/authenticate \(borrower told 3 Dec 2026, 9:00\s?am\)/i);
    expect(planned!.textContent).toContain("planned");
    expect(planned!.textContent).not.toContain("borrower told");
  });

  it("says a UPI AutoPay mandate its lender keeps", () => {
    renderWithQueries(<Mandates mandates={[{ ...enach, method: "upi", accountEnding: null, bankCode: null, lenderToldAt: "2026-12-01T04:00:00+00:00" }]} />);
    const caption = screen.getByRole("table").querySelector("caption")!.textContent ?? "";
    expect(caption).toContain("LN-1102: ACTIVE, UPI AutoPay, up to");
    expect(caption).toMatch(/; lender told 1 Dec 2026, 9:30\s?am/i);
  });
});
