// @vitest-environment jsdom
// A mandate's debits as both screens show them: one row per debit with its date, amount and the
// screen's own status words, the date and amount cells marked to stay on one line, the screen's
// own table class kept, and a keyboard-scrollable frame named by the caption.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DebitsTable, type MandateDebit } from "./DebitsTable";

const debits: (MandateDebit & { failureReason?: string })[] = [
  { paymentId: "ap01i3", dueOn: "2027-03-10", amount: "11250.50", status: "debited" },
  { paymentId: "ap01i4", dueOn: "2027-04-10", amount: "11250.50", status: "failed", failureReason: "INSUFFICIENT_FUNDS" },
];

function table(className?: string) {
  return render(
    <DebitsTable
      mandateId="ap01"
      debits={debits}
      className={className}
      caption="Debits"
      headings={{ dueOn: "Due on", amount: "Amount", status: "Status" }}
      day={(isoDate) => `day ${isoDate}`}
      status={(debit) => (debit.failureReason ? `${debit.status}: ${debit.failureReason}` : debit.status)}
    />,
  );
}

describe("a mandate's debits table", () => {
  it("lists each debit with the screen's date, the amount in rupees and the screen's status words", () => {
    table();
    const shown = screen.getByRole("table", { name: "Debits" });
    expect(shown.getAttribute("data-mandate-id")).toBe("ap01");
    expect(within(shown).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Due on", "Amount", "Status"]);
    const rows = within(shown).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.getAttribute("data-payment-id"))).toEqual(["ap01i3", "ap01i4"]);
    expect(rows.map((r) => within(r).getAllByRole("cell").map((c) => c.textContent))).toEqual([
      ["day 2027-03-10", "₹11,250.50", "debited"],
      ["day 2027-04-10", "₹11,250.50", "failed: INSUFFICIENT_FUNDS"],
    ]);
  });

  it("keeps the date and the amount on one line, lets a long status word break (their classes), and keeps the screen's own table look", () => {
    table("screenTable");
    const shown = screen.getByRole("table", { name: "Debits" });
    expect(shown.classList).toContain("screenTable");
    const [date, amount, status] = within(within(shown).getAllByRole("row")[1]).getAllByRole("cell");
    expect(date.className).toMatch(/date/);
    expect(amount.className).toMatch(/number/);
    expect(status.className).toMatch(/status/);
    expect(within(shown).getByRole("columnheader", { name: "Amount" }).className).toMatch(/number/);
  });

  it("sits in a frame a keyboard can scroll sideways on a phone, named by its caption", () => {
    table();
    const frame = screen.getByRole("group", { name: "Debits" });
    expect(frame.tabIndex).toBe(0);
    expect(within(frame).getByRole("table", { name: "Debits" })).toBeTruthy();
  });
});
