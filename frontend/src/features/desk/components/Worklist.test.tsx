// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { renderWithQueries } from "../../../testing/render-app";
import type { FindingView, RunView, WorklistDay } from "../api/desk";
import { Worklist } from "./Worklist";

const run: RunView = {
  day: "2026-12-03",
  ranAt: "2026-12-04T00:30:00Z",
  unreconciled: "1180.00",
  settledNet: "0.00",
  inTransitNet: "0.00",
  refundsInTransit: "0.00",
  fees: "0.00",
  findings: 1,
  openFindings: 1,
  attention: [],
};

function failedPayout(reasonCode: string, reasonText: string | null): FindingView {
  return {
    id: 7,
    day: "2026-12-03",
    kind: "payoutFailed",
    providerOrderId: "VK10000004_R1",
    owner: "storeReturn",
    reference: "VK10000004-R1",
    cfPaymentId: null,
    recorded: "1180.00",
    settled: null,
    unreconciled: "1180.00",
    foundOn: "2026-12-04",
    daysOpen: 0,
    reasonCode,
    reasonText,
  };
}

function theDay(finding: FindingView, ran: RunView = run) {
  const day: WorklistDay = { day: "2026-12-03", today: "2026-12-04", run: ran, findings: [finding], openDisputes: [] };
  apiServer.use(
    http.get("/api/desk/worklist", () => HttpResponse.json([run])),
    http.get("/api/desk/worklist/:day", () => HttpResponse.json(day)),
  );
  renderWithQueries(
    <MemoryRouter>
      <Worklist />
    </MemoryRouter>,
  );
}

describe("the reconciliation worklist", () => {
  it("lists every run of the day with what it found then, the last one's figures being the day's", async () => {
    const first = {
      ranAt: "2026-12-03T19:00:00Z",
      unreconciled: "0.00",
      settledNet: "0.00",
      inTransitNet: "488.79",
      payoutsInTransit: "0.00",
      refundsInTransit: "250.00",
      found: 0,
    };
    const last = { ...first, ranAt: "2026-12-04T19:00:00Z", inTransitNet: "0.00", settledNet: "488.79", refundsInTransit: "0.00" };
    theDay(failedPayout("INVALID_VPA", null), { ...run, passes: [first, last] });
    const runs = await screen.findByRole("list", { name: "Runs of the day" });
    expect(within(runs).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Run 4 Dec 2026, 12:30 am: 0 found, ₹0.00 unreconciled, ₹488.79 in transit (₹250.00 of refunds still at the bank)",
      "Run 5 Dec 2026, 12:30 am: 0 found, ₹0.00 unreconciled, ₹0.00 in transit",
    ]);
  });

  it("says why a payout failed, in the provider's words and code, and what to do about it", async () => {
    theDay(failedPayout("BENEFICIARY_BANK_OFFLINE", "The beneficiary's bank is offline."));
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    const item = within(findings).getByRole("listitem");
    expect(item.textContent).toContain("Payout failed, waiting on a person");
    expect(item.textContent).toContain("Why: The beneficiary's bank is offline. (BENEFICIARY_BANK_OFFLINE)");
    expect(item.textContent).toContain("What to do: The shopper's bank was not available; the money is still with us.");
  });

  it("sends the desk to the shopper for another account when the UPI ID does not exist", async () => {
    theDay(failedPayout("INVALID_VPA", null));
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    const text = within(findings).getByRole("listitem").textContent;
    expect(text).toContain("Why: INVALID_VPA (INVALID_VPA)");
    expect(text).toContain("What to do: The UPI ID does not exist. The shopper can give another UPI ID or bank account");
  });

  it("tells the desk to pay again by hand for a reason it has no advice of its own for", async () => {
    theDay(failedPayout("NPCI_UNAVAILABLE", "NPCI is not available."));
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    const text = within(findings).getByRole("listitem").textContent;
    expect(text).toContain("Why: NPCI is not available. (NPCI_UNAVAILABLE)");
    expect(text).toContain("What to do: Call the shopper, pay the refund again, then resolve this with how it was paid.");
  });

  it("shows money paid out under a transfer id no return has, with its amount and the bank's reference", async () => {
    theDay({
      ...failedPayout("", null),
      kind: "payoutWithoutReturn",
      providerOrderId: "MANUAL_0042",
      owner: "unknown",
      reference: null,
      recorded: null,
      settled: "500.00",
      unreconciled: "500.00",
      reasonCode: null,
      utr: "634012345699",
    });
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    const text = within(findings).getByRole("listitem").textContent;
    expect(text).toContain("Paid out with no return owed");
    expect(text).toContain("MANUAL_0042");
    expect(text).toContain("Provider's ₹500.00");
    expect(text).toContain("Bank reference (UTR) 634012345699");
    expect(text).not.toContain("What to do");
  });

  it("shows a refund the provider gave beyond ours, both amounts and the excess to the paisa", async () => {
    theDay({
      ...failedPayout("", null),
      kind: "refundMoreThanRecorded",
      providerOrderId: "VK10000004-1",
      owner: "storeOrder",
      reference: "VK10000004",
      recorded: "100.00",
      settled: "100.50",
      unreconciled: "0.50",
      reasonCode: null,
    });
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    const text = within(findings).getByRole("listitem").textContent;
    expect(text).toContain("Refunded more than recorded");
    expect(text).toContain("Ours ₹100.00");
    expect(text).toContain("Provider's ₹100.50");
    expect(text).toContain("Unreconciled ₹0.50");
    expect(text).not.toContain("What to do");
  });

  it("shows a failed payout a retry paid as closed by that retry, with its transfer, its UTR and no advice", async () => {
    theDay({
      ...failedPayout("INVALID_VPA", "The UPI ID does not exist."),
      resolvedAt: "2026-12-05T00:30:00Z",
      resolvedBy: "reconciliation",
      paidByRetry: "VK10000004_R1_2",
      utr: "634012345700",
    });
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    const item = within(findings).getByRole("listitem");
    expect(item.textContent).toContain("Paid by a retry on");
    expect(item.textContent).toContain("Bank reference (UTR) 634012345700");
    expect(item.textContent).not.toContain("What to do");
    expect(item.textContent).not.toContain("Resolved by");
    const retry = within(item).getByRole("link", { name: "The retry: VK10000004_R1_2" });
    expect(retry.getAttribute("href")).toContain("VK10000004_R1_2");
    expect(within(item).queryByRole("form")).toBeNull();
  });
});

describe("a worklist loaded while the daily job was storing the day's run", () => {
  const stored: RunView = { ...run, day: "2026-12-06", ranAt: "2026-12-07T00:30:00Z", unreconciled: "149.84" };
  const finding: FindingView = {
    ...failedPayout("INVALID_VPA", null),
    day: "2026-12-06",
    kind: "paidWithoutCharge",
    owner: "storeOrder",
    providerOrderId: "VK10000009",
    reference: "VK10000009",
    recorded: "149.84",
    unreconciled: "149.84",
    reasonCode: null,
  };
  /** The gateway before the job stored the day's run (only an earlier day's), then after. */
  function theJobStoring() {
    let done = false;
    apiServer.use(
      http.get("/api/desk/worklist", () => HttpResponse.json(done ? [stored, run] : [run])),
      http.get("/api/desk/worklist/:day", () =>
        HttpResponse.json({
          day: "2026-12-06",
          today: "2026-12-07",
          run: done ? stored : null,
          findings: done ? [finding] : [],
          openDisputes: [],
        } satisfies WorklistDay),
      ),
    );
    return () => {
      done = true;
    };
  }

  it("shows the day's findings once the runs list has the day's run", async () => {
    const store = theJobStoring();
    const { client } = renderWithQueries(
      <MemoryRouter>
        <Worklist />
      </MemoryRouter>,
    );
    expect(await screen.findByText("No reconciliation run is stored for this day.")).toBeTruthy();
    store();
    // The runs list read again on its own (the day's findings are not read with it).
    await client.refetchQueries({ queryKey: ["desk", "worklist"], exact: true });
    expect(await screen.findByRole("button", { name: "6 Dec 2026: ₹149.84 · 1 open" })).toBeTruthy();
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    expect(within(findings).getByRole("listitem").textContent).toContain("VK10000009");
    expect(screen.queryByText("No reconciliation run is stored for this day.")).toBeNull();
  });

  it("reads the day again when its answer, read before the run was stored, has none and the runs list has it", async () => {
    let read = 0;
    apiServer.use(
      http.get("/api/desk/worklist", () => HttpResponse.json([stored, run])),
      http.get("/api/desk/worklist/:day", () => {
        read += 1;
        const first = read === 1;
        return HttpResponse.json({
          day: "2026-12-06",
          today: "2026-12-07",
          run: first ? null : stored,
          findings: first ? [] : [finding],
          openDisputes: [],
        } satisfies WorklistDay);
      }),
    );
    renderWithQueries(
      <MemoryRouter>
        <Worklist />
      </MemoryRouter>,
    );
    const findings = await screen.findByRole("list", { name: "Findings of the day" });
    expect(within(findings).getByRole("listitem").textContent).toContain("VK10000009");
    expect(screen.queryByText("No reconciliation run is stored for this day.")).toBeNull();
  });

  it("lists the day's run when the runs list, read before the run was stored, lacks it and the day's answer has it", async () => {
    let listed = 0;
    apiServer.use(
      http.get("/api/desk/worklist", () => {
        listed += 1;
        return HttpResponse.json(listed === 1 ? [run] : [stored, run]);
      }),
      http.get("/api/desk/worklist/:day", () =>
        HttpResponse.json({
          day: "2026-12-06",
          today: "2026-12-07",
          run: stored,
          findings: [finding],
          openDisputes: [],
        } satisfies WorklistDay),
      ),
    );
    renderWithQueries(
      <MemoryRouter>
        <Worklist />
      </MemoryRouter>,
    );
    const button = await screen.findByRole("button", { name: "6 Dec 2026: ₹149.84 · 1 open" });
    expect(button.getAttribute("aria-pressed")).toBe("true");
    const runs = screen.getByRole("list", { name: "Reconciliation runs" });
    expect(within(runs).getAllByRole("button")).toHaveLength(2);
  });
});
