// @vitest-environment jsdom
// The Fineract lender's behaviours in the QA console: with maker-checker on, the repayments its
// checker holds are listed, and the tester approves or rejects each as the lender's checker.
import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { renderWithQueries } from "../../../testing/render-app";
import type { FineractSwitches } from "../api/mocks";
import { FineractSwitchesPanel } from "./FineractSwitches";

const switches: FineractSwitches = {
  makerChecker: true,
  failNext: 0,
  holdNext: 0,
  held: [],
  awaiting: [{ id: 7, loanAccountNo: "000007102", receiptNumber: "MANDATE_ap0123456789abcdef0123i2", amount: "2090.00" }],
};

describe("the QA console's Fineract behaviours", () => {
  it("lists what awaits the lender's checker and sends the tester's decision on one", async () => {
    const decided: { id: string; body: unknown }[] = [];
    apiServer.use(
      http.get("/_mocks/fineract/qa", () => HttpResponse.json(switches)),
      http.post("/_mocks/fineract/qa/checker/:id", async ({ request, params }) => {
        decided.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json({ ...switches, awaiting: [] });
      }),
    );
    renderWithQueries(<FineractSwitchesPanel locked={false} />);
    const table = await screen.findByRole("table", { name: "Repayments awaiting the lender's checker" });
    const [row] = within(table).getAllByRole("row").slice(1);
    expect(within(row).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "000007102",
      "MANDATE_ap0123456789abcdef0123i2",
      "2090.00",
      "Approve Reject",
    ]);
    fireEvent.click(within(row).getByRole("button", { name: "Reject MANDATE_ap0123456789abcdef0123i2" }));
    await expect.poll(() => decided).toEqual([{ id: "7", body: { decision: "reject" } }]);
    await expect.poll(() => screen.queryByRole("table", { name: "Repayments awaiting the lender's checker" })).toBeNull();
  });

  it("offers no decision while another tester holds the world", async () => {
    apiServer.use(http.get("/_mocks/fineract/qa", () => HttpResponse.json(switches)));
    renderWithQueries(<FineractSwitchesPanel locked />);
    const table = await screen.findByRole("table", { name: "Repayments awaiting the lender's checker" });
    for (const button of within(table).getAllByRole("button")) expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
