// @vitest-environment jsdom
// The eNACH account's bank, as the borrower sees it once the IFSC names it: whether it takes eNACH
// (the lender's list at the provider, through the gateway) and only its ways of approving the
// mandate (net banking, debit card, Aadhaar); a bank without eNACH said so, with nothing to choose;
// the gateway's refusal of a bank in the loans page's words; the same in Hindi.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../lib/i18n";
import { apiServer } from "../../testing/api-server";
import { autoPayTerms as terms, loanPageReads } from "../../testing/loan-page-reads";
import { renderApp } from "../../testing/render-app";

const LOADED = { timeout: 10_000 };
const both = ["savings", "current"];
const banks = {
  known: true,
  banks: [
    { code: "HDFC", name: "HDFC BANK LTD", authModes: ["debitCard", "netBanking", "aadhaar"], accountTypes: both, frequent: true },
    { code: "SBIN", name: "STATE BANK OF INDIA", authModes: ["debitCard", "netBanking"], accountTypes: both, frequent: true },
    { code: "SVCB", name: "SVC CO-OPERATIVE BANK LTD", authModes: ["netBanking"], accountTypes: both, frequent: false },
  ],
};

function borrower() {
  apiServer.use(
    ...loanPageReads,
    http.get("/api/loans/LN-1004/autopay", () => HttpResponse.json({ terms, mandate: null })),
    http.get("/api/loans/LN-1004/autopay/enach-banks", () => HttpResponse.json(banks)),
  );
}

async function enachForm(eNach = "eNACH from your bank account, approved at your bank", region = "AutoPay") {
  renderApp("/loans/LN-1004");
  const section = await screen.findByRole("region", { name: region }, LOADED);
  fireEvent.click(await within(section).findByLabelText(eNach));
  return section;
}

const ways = (section: HTMLElement) =>
  within(section)
    .queryAllByRole("radio")
    .filter((radio) => radio.getAttribute("name") === "enach-auth")
    .map((radio) => radio.parentElement?.textContent?.trim());

describe("the eNACH account's bank", { timeout: 30_000 }, () => {
  afterEach(() => activateLocale("en"));

  it("offers only the ways the IFSC's bank takes, Aadhaar where it does", async () => {
    borrower();
    const section = await enachForm();
    const ifsc = within(section).getByLabelText("IFSC");
    fireEvent.change(ifsc, { target: { value: "hdfc0001234" } });
    expect(await within(section).findByText("HDFC BANK LTD takes eNACH mandates.")).toBeTruthy();
    expect(ways(section)).toEqual(["Debit card", "Net banking", "Aadhaar (e-sign with an OTP)"]);
    fireEvent.click(within(section).getByLabelText("Aadhaar (e-sign with an OTP)"));

    // The co-operative bank takes net banking only: the Aadhaar chosen before is not kept.
    fireEvent.change(ifsc, { target: { value: "SVCB0000123" } });
    expect(await within(section).findByText("SVC CO-OPERATIVE BANK LTD takes eNACH mandates.")).toBeTruthy();
    expect(ways(section)).toEqual(["Net banking"]);
    expect((within(section).getByLabelText("Net banking") as HTMLInputElement).checked).toBe(true);
  });

  it("says a bank without eNACH does not offer it, with no way to choose, and words the gateway's refusal", async () => {
    borrower();
    apiServer.use(
      http.post("/api/loans/LN-1004/autopay", () =>
        HttpResponse.json(
          { error: { code: "enach_bank_unsupported", message: "no eNACH", field: "bank.ifsc" } },
          { status: 422 },
        ),
      ),
    );
    const section = await enachForm();
    fireEvent.change(within(section).getByLabelText("IFSC"), { target: { value: "ZCBL0000001" } });
    const said = "This bank does not offer eNACH mandates. Please choose UPI AutoPay, or an account at another bank.";
    expect((await within(section).findByRole("alert")).textContent).toBe(said);
    expect(ways(section)).toEqual([]);

    fireEvent.change(within(section).getByLabelText("E-mail for the notices"), { target: { value: "ramesh@example.in" } });
    fireEvent.change(within(section).getByLabelText("Account holder's name"), { target: { value: "Ramesh Kumar" } });
    fireEvent.change(within(section).getByLabelText("Account number"), { target: { value: "001234567890" } });
    fireEvent.click(within(section).getByRole("button", { name: "Set up AutoPay" }));
    await waitFor(() => expect(within(section).getAllByText(said)).toHaveLength(2)); // the field's and the refusal's
    expect(within(section).getByLabelText("IFSC").getAttribute("aria-invalid")).toBe("true");
  });

  it("offers every way while the lender's list cannot be had", async () => {
    borrower();
    apiServer.use(http.get("/api/loans/LN-1004/autopay/enach-banks", () => HttpResponse.json({ known: false, banks: [] })));
    const section = await enachForm();
    fireEvent.change(within(section).getByLabelText("IFSC"), { target: { value: "ZCBL0000001" } });
    expect(ways(section)).toEqual(["Net banking", "Debit card", "Aadhaar (e-sign with an OTP)"]);
    expect(within(section).queryByRole("alert")).toBeNull();
  });

  it("says it in Hindi", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    borrower();
    const section = await enachForm("आपके बैंक खाते से eNACH, आपके बैंक में स्वीकृत", "ऑटोपे");
    fireEvent.change(within(section).getByLabelText("IFSC"), { target: { value: "ZCBL0000001" } });
    const alert = await within(section).findByRole("alert");
    expect(alert.textContent).not.toContain("does not offer");
    expect(alert.textContent).toContain("eNACH");
  });
});
