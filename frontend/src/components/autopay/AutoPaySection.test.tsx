// @vitest-environment jsdom
// A loan's AutoPay as the borrower sees it: the terms before setting it up (at most, how often,
// from and until, the lender whose account it pays), set up with one Idempotency-Key, the UPI
// app's approval link while it waits, then its debits and pausing; the same in Hindi. By eNACH: the
// bank account's fields, a field the gateway refuses marked with its words, the bank's approval
// link, then the wait for the bank to register it.
import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../lib/i18n";
import { apiServer } from "../../testing/api-server";
import { autoPayTerms as terms, loanPageReads } from "../../testing/loan-page-reads";
import { renderApp } from "../../testing/render-app";

const LOADED = { timeout: 10_000 };

const mandate = (status: string, debitStatus = "planned", method = "upi") => ({
  mandateId: "ap0123456789abcdef0123",
  status,
  providerStatus: status === "active" ? "ACTIVE" : "INITIALIZED",
  method,
  maxAmount: "5750.00",
  frequency: "monthly",
  startOn: "2026-12-14",
  endOn: "2027-08-14",
  lenderName: "Sahyogkosh Finance Limited",
  email: "ramesh@example.in",
  debits: [{ paymentId: "ap0123456789abcdef0123i3", instalment: 3, dueOn: "2026-12-14", amount: "5750.00", status: debitStatus }],
  approvalLink: status === "pendingApproval" ? "upi://mandate?pa=cf.lender@axisbank" : null,
  cfSubscriptionId: "cf_sub_1",
});

function borrower(answers: Parameters<typeof HttpResponse.json>[0][]) {
  let read = 0;
  apiServer.use(
    ...loanPageReads,
    http.get("/api/loans/LN-1004/autopay", () => HttpResponse.json(answers[Math.min(read++, answers.length - 1)])),
    http.get("/api/loans/LN-1004/autopay/enach-banks", () => HttpResponse.json({ known: false, banks: [] })),
  );
}

describe("a loan's AutoPay", { timeout: 30_000 }, () => {
  afterEach(() => activateLocale("en"));

  it("shows the terms, sets it up once, and shows the approval link, the debits and Pause", async () => {
    const keys: (string | null)[] = [];
    borrower([
      { terms, mandate: null },
      { terms, mandate: mandate("pendingApproval") },
      { terms, mandate: mandate("active", "noticed") },
    ]);
    apiServer.use(
      http.post("/api/loans/LN-1004/autopay", async ({ request }) => {
        keys.push(request.headers.get("Idempotency-Key"));
        expect(await request.json()).toEqual({ email: "ramesh@example.in", method: "upi" });
        return HttpResponse.json(mandate("pendingApproval"), { status: 201 });
      }),
    );
    renderApp("/loans/LN-1004");
    const section = await screen.findByRole("region", { name: "AutoPay" }, LOADED);
    expect(await within(section).findByText(/at most ₹5,750.00 a debit, monthly from/)).toBeTruthy();
    expect(within(section).getByText(/into Sahyogkosh Finance Limited's account/)).toBeTruthy();
    fireEvent.change(within(section).getByLabelText("E-mail for the notices"), { target: { value: "ramesh@example.in" } });
    fireEvent.click(within(section).getByRole("button", { name: "Set up AutoPay" }));
    const approve = await within(section).findByRole("link", { name: "Approve in your UPI app" });
    expect(approve.getAttribute("href")).toBe("upi://mandate?pa=cf.lender@axisbank");
    expect(keys).toHaveLength(1);
    expect(within(section).getByText("Sahyogkosh Finance Limited")).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: "I have approved it" }));
    expect(await within(section).findByText("Notice sent: will be debited")).toBeTruthy();
    expect(within(section).getByRole("status", { name: "AutoPay status" }).textContent).toBe("Active");
    expect(within(section).getByRole("button", { name: "Pause AutoPay" })).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Cancel AutoPay" })).toBeTruthy();
  });

  it("says what to do about a failed debit under the table, its row saying only that it failed", async () => {
    borrower([{ terms, mandate: mandate("active", "failed") }]);
    renderApp("/loans/LN-1004");
    const section = await screen.findByRole("region", { name: "AutoPay" }, LOADED);
    const row = (await within(section).findAllByRole("row", {}, LOADED))[1];
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["14 Dec 2026", "₹5,750.00", "Debit failed"]);
    expect(within(section).getByText("A failed debit is now an ordinary due: please pay it from the reminder's link.")).toBeTruthy();
    expect(within(section).queryByText(/needs your fresh authentication/)).toBeNull();
  });

  it("says a debit the lender refused was refunded and its instalment is still due", async () => {
    borrower([{ terms, mandate: mandate("active", "refunded") }]);
    renderApp("/loans/LN-1004");
    const section = await screen.findByRole("region", { name: "AutoPay" }, LOADED);
    const row = (await within(section).findAllByRole("row", {}, LOADED))[1];
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["14 Dec 2026", "₹5,750.00", "Refunded"]);
    expect(within(section).getByText(/Your lender did not accept a debit: its full amount is refunded/)).toBeTruthy();
    expect(within(section).queryByText(/A failed debit/)).toBeNull();
  });

  it("says a debit above the gateway's e-mandate limit is the borrower's to pay, in the limit it names", async () => {
    borrower([{ terms: { ...terms, authenticationLimit: "5000.00" }, mandate: mandate("active", "authenticate") }]);
    renderApp("/loans/LN-1004");
    const section = await screen.findByRole("region", { name: "AutoPay" }, LOADED);
    const row = (await within(section).findAllByRole("row", {}, LOADED))[1];
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["14 Dec 2026", "₹5,750.00", "Above ₹5,000.00"]);
    expect(
      within(section).getByText("A debit above ₹5,000.00 needs your fresh authentication, so AutoPay does not take it: please pay it yourself."),
    ).toBeTruthy();
  });

  it("sets up eNACH on a bank account, marks the field the gateway refuses, and follows the bank's approval", async () => {
    const bodies: unknown[] = [];
    const bankPage = "https://payments.example/_mocks/payments/subscriptions/cf_sub_1/bank";
    const enach = {
      ...mandate("pendingApproval", "planned", "enach"),
      approvalLink: bankPage,
      bankApprovalPending: false,
      debitedAccount: { ending: "7890", bank: "HDFC" },
    };
    borrower([
      { terms, mandate: null },
      { terms, mandate: null },
      { terms, mandate: enach },
      { terms, mandate: { ...enach, providerStatus: "BANK_APPROVAL_PENDING", approvalLink: null, bankApprovalPending: true } },
    ]);
    apiServer.use(
      http.post("/api/loans/LN-1004/autopay", async ({ request }) => {
        const body = (await request.json()) as { bank: { ifsc: string } };
        bodies.push(body);
        if (body.bank.ifsc !== "HDFC0001234") {
          const error = { code: "ifsc_invalid", message: "An IFSC has 11 characters.", field: "bank.ifsc" };
          return HttpResponse.json({ error }, { status: 422 });
        }
        return HttpResponse.json(enach, { status: 201 });
      }),
    );
    renderApp("/loans/LN-1004");
    const section = await screen.findByRole("region", { name: "AutoPay" }, LOADED);
    fireEvent.click(await within(section).findByLabelText("eNACH from your bank account, approved at your bank"));
    fireEvent.change(within(section).getByLabelText("E-mail for the notices"), { target: { value: "ramesh@example.in" } });
    fireEvent.change(within(section).getByLabelText("Account holder's name"), { target: { value: "Ramesh Kumar" } });
    fireEvent.change(within(section).getByLabelText("Account number"), { target: { value: "001234567890" } });
    const ifsc = within(section).getByLabelText("IFSC");
    fireEvent.change(ifsc, { target: { value: "HDFC1001234" } });
    fireEvent.change(within(section).getByLabelText("Account type"), { target: { value: "current" } });
    fireEvent.click(within(section).getByLabelText("Debit card"));
    fireEvent.click(within(section).getByRole("button", { name: "Set up AutoPay" }));
    expect(await within(section).findByText("An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits.")).toBeTruthy();
    expect(ifsc.getAttribute("aria-invalid")).toBe("true");
    expect(bodies[0]).toEqual({
      email: "ramesh@example.in",
      method: "enach",
      bank: { accountHolderName: "Ramesh Kumar", accountNumber: "001234567890", ifsc: "HDFC1001234", accountType: "current", authMode: "debitCard" },
    });

    fireEvent.change(ifsc, { target: { value: "HDFC0001234" } });
    fireEvent.click(within(section).getByRole("button", { name: "Set up AutoPay" }));
    const approve = await within(section).findByRole("link", { name: "Approve at your bank" });
    expect(approve.getAttribute("href")).toBe(bankPage);
    const status = within(section).getByRole("status", { name: "AutoPay status" });
    expect(status.textContent).toBe("Waiting for your approval at your bank");
    fireEvent.click(within(section).getByRole("button", { name: "I have approved it" }));
    expect(await within(section).findByText("Approved by you: waiting for your bank to register it")).toBeTruthy();
    expect(within(section).queryByRole("link", { name: "Approve at your bank" })).toBeNull();
    // The account it debits, as given: its last four digits and its bank, never the whole number.
    expect(within(section).getByText("Account ending 7890 at HDFC")).toBeTruthy();
    expect(section.textContent).not.toContain("001234567890");
  });

  it("asks for the eNACH account in Hindi", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    borrower([{ terms, mandate: null }]);
    renderApp("/loans/LN-1004");
    const section = await screen.findByRole("region", { name: "ऑटोपे" }, LOADED);
    fireEvent.click(await within(section).findByLabelText("आपके बैंक खाते से eNACH, आपके बैंक में स्वीकृत"));
    expect(within(section).getByLabelText("IFSC")).toBeTruthy();
    expect(within(section).getByLabelText("नेट बैंकिंग")).toBeTruthy();
  });

  it("shows the mandate in Hindi", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    borrower([{ terms, mandate: mandate("active") }]);
    renderApp("/loans/LN-1004");
    const section = await screen.findByRole("region", { name: "ऑटोपे" }, LOADED);
    expect(await within(section).findByText("चालू")).toBeTruthy();
    expect(within(section).getByRole("button", { name: "ऑटोपे रोकें" })).toBeTruthy();
  });
});
