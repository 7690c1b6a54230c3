// @vitest-environment jsdom
// Credit as a shopper sees it: the application, decided at once, with every lender's offer (its
// limit and APR) or the lender's reason; the shopper's lines, with what can be done with each;
// an open line's AutoPay (its terms in the line's words, set up, paused and cancelled on the
// line's own path), none on a closed line; the application and a line's AutoPay in Hindi.
import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { cart, creditApproved, creditLines, lineAutoPay, storeSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";
import type { ApplyRequest } from "../api/apply";

// A page's first render waits for its lazily loaded module and catalog, slow on a busy machine.
const LOADED = { timeout: 10_000 };

/** The shopper logged in to the store, with a cart, and no approval kept from before. */
function shopper() {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(storeSession)),
    http.get("/api/store/cart", () => HttpResponse.json(cart)),
    http.get("/api/credit/applications/current", () => HttpResponse.json({ application: null })),
    // The header's delivery place, from the shopper's saved addresses.
    http.get("/api/addresses", () => HttpResponse.json([])),
    // An open line's AutoPay, not set up yet (the tests of AutoPay answer their own).
    http.get("/api/credit/lines/:lineNumber/autopay", () => HttpResponse.json(lineAutoPay)),
  );
}

async function fillTheApplication() {
  fireEvent.change(await screen.findByLabelText("Your name", undefined, LOADED), { target: { value: "Suresh Patel" } });
  fireEvent.change(screen.getByLabelText("Business name"), { target: { value: "Patel Electricals" } });
  fireEvent.change(screen.getByLabelText("GSTIN or PAN"), { target: { value: "24aapfp1234c1z5" } });
  fireEvent.click(screen.getByRole("checkbox", { name: /credit bureau report/ }));
}

describe("the credit application", { timeout: 30_000 }, () => {
  it("sends the application and lists every lender's offer with its limit and APR", async () => {
    shopper();
    const sent: ApplyRequest[] = [];
    apiServer.use(
      http.post("/api/credit/applications", async ({ request }) => {
        sent.push((await request.json()) as ApplyRequest);
        return HttpResponse.json(creditApproved);
      }),
    );
    renderApp("/credit/apply");
    expect(await screen.findByRole("heading", { name: "Apply for credit" }, LOADED)).toBeTruthy();
    await fillTheApplication();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("heading", { name: "You are approved: choose an offer" })).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({ applicantName: "Suresh Patel", businessName: "Patel Electricals", taxId: "24AAPFP1234C1Z5", bureauConsent: true }),
    ]);
    const first = screen.getByRole("article", { name: "Sahyogkosh Finance Limited" });
    expect(within(first).getByText("₹50,000.00")).toBeTruthy();
    expect(within(first).getByText("26.40%")).toBeTruthy();
    expect(within(first).getByText("24.00% a year, fixed")).toBeTruthy();
    const second = screen.getByRole("article", { name: "Arthvik Capital Limited" });
    expect(within(second).getByText("₹40,000.00")).toBeTruthy();
    expect(within(second).getByText("22.85%")).toBeTruthy();
    expect(within(second).getByRole("button", { name: /^Read the Key Facts/ })).toBeTruthy();
  });

  it("shows the lender's reason when the application is not approved", async () => {
    shopper();
    apiServer.use(
      http.post("/api/credit/applications", () =>
        HttpResponse.json({ applicationId: "APP-7002", decision: "rejected", offers: [], reason: "Your business is too new for credit." }),
      ),
    );
    renderApp("/credit/apply");
    await fillTheApplication();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("heading", { name: "Your application was not approved" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Your business is too new for credit.");
    expect(screen.getByText("You can still pay online or cash on delivery.")).toBeTruthy();
  });

  it("shows an approval kept from before instead of the form", async () => {
    shopper();
    apiServer.use(http.get("/api/credit/applications/current", () => HttpResponse.json({ application: creditApproved })));
    renderApp("/credit/apply");
    expect(await screen.findByRole("heading", { name: "You are approved: choose an offer" }, LOADED)).toBeTruthy();
    expect(screen.queryByLabelText("Your name")).toBeNull();
  });

  it("sends a visitor without the store's login to /login", async () => {
    apiServer.use(
      http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })),
      http.get("/api/store/cart", () => HttpResponse.json({ error: { code: "unauthorized", message: "Log in." } }, { status: 401 })),
    );
    const app = renderApp("/credit/apply");
    await screen.findByRole("main", undefined, LOADED);
    await expect.poll(() => app.path(), LOADED).toBe("/login");
  });
});

describe("the shopper's credit lines", { timeout: 30_000 }, () => {
  it("shows each line with its lender, limit and APR, and what can be done with it", async () => {
    shopper();
    apiServer.use(http.get("/api/credit/lines", () => HttpResponse.json(creditLines)));
    renderApp("/credit");
    expect(await screen.findByRole("heading", { name: "Credit line CL-5001" }, LOADED)).toBeTruthy();
    const open = screen.getByRole("article", { name: "Credit line CL-5001" });
    expect(within(open).getByText("Arthvik Capital Limited")).toBeTruthy();
    expect(within(open).getByText("₹40,000.00")).toBeTruthy();
    expect(within(open).getByText("22.85%")).toBeTruthy();
    expect(within(open).getByText(/In its cooling-off period until/)).toBeTruthy();
    expect(within(open).getByRole("button", { name: /^Leave in the cooling-off period/ })).toBeTruthy();
    expect(within(open).getByRole("button", { name: /^Close early/ })).toBeTruthy();
    expect(within(open).getByRole("link", { name: "Version KFS-arthvik-3 (PDF)" }).getAttribute("href")).toBe(
      "/api/credit/lines/CL-5001/key-facts/pdf?language=en",
    );
    // What the lender says the line owes, and the least to pay by its next due date.
    expect(within(open).getByText("Owed on this line").nextElementSibling?.textContent).toBe("₹18,450.00");
    expect(within(open).getByText("To pay by 31 Dec 2026").nextElementSibling?.textContent).toBe("₹6,200.00");
    expect(within(open).queryByText("Overdue")).toBeNull();
    expect(within(open).getByRole("link", { name: /^Pay now/ }).getAttribute("href")).toBe("/paynow");
    const closed = screen.getByRole("article", { name: "Credit line CL-4990" });
    expect(within(closed).getByText(/^Closed on .*\. Nothing is owed\.$/)).toBeTruthy();
    expect(within(closed).queryByText("Owed on this line")).toBeNull();
    expect(within(closed).queryByRole("button")).toBeNull();
    expect(within(closed).getByRole("link", { name: "No-dues certificate in English (PDF)" }).getAttribute("href")).toBe(
      "/api/credit/lines/CL-4990/certificate/pdf?language=en",
    );
  });

  it("asks for an overdue amount at once, and says so when nothing is owed", async () => {
    shopper();
    const [open] = creditLines;
    const overdue = { ...open, status: "active" as const, overdue: "2500.00", minimumDue: "8700.00" };
    const paid = { ...open, lineNumber: "CL-5002", owed: "0.00", minimumDue: "0.00", minimumDueOn: null };
    apiServer.use(http.get("/api/credit/lines", () => HttpResponse.json([overdue, paid])));
    renderApp("/credit");
    const late = await screen.findByRole("article", { name: "Credit line CL-5001" }, LOADED);
    expect(within(late).getByText("Overdue").nextElementSibling?.textContent).toBe("₹2,500.00");
    expect(within(late).getByText("To pay by 31 Dec 2026").nextElementSibling?.textContent).toBe("₹8,700.00");
    expect(within(late).getByText(/Part of what you owe is past its due date\. Please pay it now\./)).toBeTruthy();
    const clear = screen.getByRole("article", { name: "Credit line CL-5002" });
    expect(within(clear).getByText("Nothing is owed on this line.")).toBeTruthy();
    expect(within(clear).queryByRole("link", { name: /^Pay now/ })).toBeNull();
  });

  it("offers the application to a shopper with no line yet", async () => {
    shopper();
    apiServer.use(http.get("/api/credit/lines", () => HttpResponse.json([])));
    renderApp("/credit");
    expect(await screen.findByText("You have no credit line yet.", undefined, LOADED)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Apply for credit" }).getAttribute("href")).toBe("/credit/apply");
  });
});

/** A line's mandate as the gateway answers it: the line's limit at most, debited on each due date. */
const lineMandate = (status: string) => ({
  mandateId: "ap0123456789abcdef0456",
  status,
  providerStatus: status === "active" ? "ACTIVE" : "INITIALIZED",
  method: "upi",
  maxAmount: "40000.00",
  frequency: "onEachDueDate",
  startOn: "2026-12-31",
  endOn: "2027-11-30",
  lenderName: "Arthvik Capital Limited",
  email: "suresh@example.in",
  debits: [],
  approvalLink: status === "pendingApproval" ? "upi://mandate?pa=cf.arthvik@axisbank" : null,
  cfSubscriptionId: "cf_sub_9",
});

const [coolingOff, closedLine] = creditLines;
/** A line's AutoPay, by its heading: jsdom's accessible name drops the space a browser keeps
 * before the visually hidden " (credit line …)". */
const autoPayOf = (lineNumber: string) => new RegExp(`^AutoPay ?\\(credit line ${lineNumber}\\)$`);
const activeLine = { ...coolingOff, status: "active" as const };

describe("a credit line's AutoPay", { timeout: 30_000 }, () => {
  it("shows an open line's terms in the line's words and sets up UPI AutoPay on the line", async () => {
    shopper();
    const posts: { path: string; key: string | null; body: unknown }[] = [];
    let mandate: ReturnType<typeof lineMandate> | null = null;
    apiServer.use(
      http.get("/api/credit/lines", () => HttpResponse.json([activeLine])),
      http.get("/api/credit/lines/CL-5001/autopay", () => HttpResponse.json({ ...lineAutoPay, mandate })),
      http.post("/api/credit/lines/CL-5001/autopay", async ({ request }) => {
        posts.push({ path: new URL(request.url).pathname, key: request.headers.get("Idempotency-Key"), body: await request.json() });
        mandate = lineMandate("pendingApproval");
        return HttpResponse.json(mandate, { status: 201 });
      }),
    );
    renderApp("/credit");
    const line = await screen.findByRole("article", { name: "Credit line CL-5001" }, LOADED);
    // Named for its line, so a screen reader tells one line's AutoPay from another's.
    const section = await within(line).findByRole("region", { name: autoPayOf("CL-5001") });
    const offered = await within(section).findByText(/^Pay your line's dues by AutoPay/);
    expect(offered.textContent).toBe(
      "Pay your line's dues by AutoPay: on each due date, the least to pay by then, at most ₹40,000.00 a debit, from 31 Dec 2026 to 30 Nov 2027, into Arthvik Capital Limited's account. You get a notice at least 24 hours before each debit.",
    );
    expect(section.textContent).not.toMatch(/instalment|monthly/i);
    fireEvent.change(within(section).getByLabelText("E-mail for the notices"), { target: { value: "suresh@example.in" } });
    fireEvent.click(within(section).getByRole("button", { name: "Set up AutoPay" }));

    const approve = await within(section).findByRole("link", { name: "Approve in your UPI app" });
    expect(approve.getAttribute("href")).toBe("upi://mandate?pa=cf.arthvik@axisbank");
    expect(posts).toEqual([{ path: "/api/credit/lines/CL-5001/autopay", key: expect.stringMatching(/\S/), body: { email: "suresh@example.in", method: "upi" } }]);
    expect(within(section).getByRole("status", { name: "AutoPay status" }).textContent).toBe("Waiting for your approval in your UPI app");
    expect(within(section).getByText("Most per debit").nextElementSibling?.textContent).toBe("₹40,000.00");
    expect(within(section).getByText("How often").nextElementSibling?.textContent).toBe("On each due date: the least to pay by then");
    expect(within(section).getByText("Paid into the account of").nextElementSibling?.textContent).toBe("Arthvik Capital Limited");
  });

  it("pauses and cancels an active mandate on the line's own path", async () => {
    shopper();
    const changes: { path: string; key: string | null; body: unknown }[] = [];
    let mandate = lineMandate("active");
    apiServer.use(
      http.get("/api/credit/lines", () => HttpResponse.json([activeLine])),
      http.get("/api/credit/lines/CL-5001/autopay", () => HttpResponse.json({ ...lineAutoPay, mandate })),
      http.post("/api/credit/lines/CL-5001/autopay/changes", async ({ request }) => {
        const body = (await request.json()) as { action: "pause" | "cancel" };
        changes.push({ path: new URL(request.url).pathname, key: request.headers.get("Idempotency-Key"), body });
        mandate = lineMandate(body.action === "pause" ? "paused" : "cancelled");
        return HttpResponse.json(mandate);
      }),
    );
    renderApp("/credit");
    const section = await screen.findByRole("region", { name: autoPayOf("CL-5001") }, LOADED);
    expect((await within(section).findByRole("status", { name: "AutoPay status" })).textContent).toBe("Active");

    fireEvent.click(within(section).getByRole("button", { name: "Pause AutoPay" }));
    expect(await within(section).findByRole("button", { name: "Resume AutoPay" })).toBeTruthy();
    expect(within(section).getByRole("status", { name: "AutoPay status" }).textContent).toBe("Paused");

    fireEvent.click(within(section).getByRole("button", { name: "Cancel AutoPay" }));
    expect(await within(section).findByText("Cancelled")).toBeTruthy();
    // Cancelled, so it can be set up again.
    expect(within(section).getByRole("button", { name: "Set up AutoPay" })).toBeTruthy();
    expect(changes.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: "/api/credit/lines/CL-5001/autopay/changes", body: { action: "pause" } },
      { path: "/api/credit/lines/CL-5001/autopay/changes", body: { action: "cancel" } },
    ]);
    // One key per change: a cancel is never taken for a repeat of the pause.
    expect(new Set(changes.map(({ key }) => key)).size).toBe(2);
    expect(changes.every(({ key }) => Boolean(key))).toBe(true);
  });

  it("shows no AutoPay on a closed line, and gives each open line its own", async () => {
    shopper();
    const read: string[] = [];
    const second = { ...activeLine, lineNumber: "CL-5002" };
    apiServer.use(
      http.get("/api/credit/lines", () => HttpResponse.json([coolingOff, second, closedLine])),
      http.get("/api/credit/lines/:lineNumber/autopay", ({ params }) => {
        read.push(String(params.lineNumber));
        return HttpResponse.json(lineAutoPay);
      }),
    );
    renderApp("/credit");
    const first = await screen.findByRole("region", { name: autoPayOf("CL-5001") }, LOADED);
    const other = screen.getByRole("region", { name: autoPayOf("CL-5002") });
    const closed = screen.getByRole("article", { name: "Credit line CL-4990" });
    expect(within(closed).queryByRole("region")).toBeNull();
    expect(within(closed).queryByText(/AutoPay/)).toBeNull();
    // Each form's fields are its own (no id twice on the page).
    const email = await within(first).findByLabelText("E-mail for the notices");
    expect(within(other).getByLabelText("E-mail for the notices")).not.toBe(email);
    const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...new Set(read)].sort()).toEqual(["CL-5001", "CL-5002"]);
  });
});

describe("credit in Hindi", { timeout: 30_000 }, () => {
  afterEach(() => activateLocale("en"));

  it("asks for the application in Hindi", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    shopper();
    renderApp("/credit/apply");
    expect(await screen.findByRole("heading", { name: "क्रेडिट के लिए आवेदन करें" }, LOADED)).toBeTruthy();
    expect(screen.getByLabelText("आपका नाम")).toBeTruthy();
    expect(screen.getByRole("button", { name: "आवेदन करें" })).toBeTruthy();
  });

  it("says a line's AutoPay in Hindi, in the line's words", async () => {
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    shopper();
    apiServer.use(
      http.get("/api/credit/lines", () => HttpResponse.json([activeLine])),
      http.get("/api/credit/lines/CL-5001/autopay", () => HttpResponse.json({ ...lineAutoPay, mandate: lineMandate("active") })),
    );
    renderApp("/credit");
    const section = await screen.findByRole("region", { name: /^ऑटोपे ?\(क्रेडिट लाइन CL-5001\)$/ }, LOADED);
    expect(await within(section).findByText("हर देय तिथि पर: उस तिथि तक चुकाने की न्यूनतम राशि")).toBeTruthy();
    expect(within(section).getByRole("button", { name: "ऑटोपे रोकें" })).toBeTruthy();
  });
});
