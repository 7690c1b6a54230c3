// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { portalSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";
import type { ComplaintView } from "../api/get-complaints";

const complaint: ComplaintView = {
  ticketNumber: "CMP100001",
  category: "charges",
  text: "A late fee was charged although I paid on time.",
  status: "inProgress",
  raisedAt: "2026-11-27T05:10:00Z",
  updatedAt: "2026-11-27T09:00:00Z",
  answerDueBy: "2026-12-27",
  ombudsmanOpen: false,
  against: "lender",
  againstName: "Sahyogkosh Finance Limited",
  loanNumber: "LN-1001",
  paymentLogId: null,
  answer: null,
  rejectionReason: null,
};

function answering(view: ComplaintView) {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(portalSession)),
    http.get("/api/complaints/CMP100001", () => HttpResponse.json(view)),
  );
}

// The first render loads the routes' code and catalogs: seconds on a busy machine.
const LOADED = { timeout: 10_000 };

describe("a complaint's page", { timeout: 30_000 }, () => {
  it("shows its status and when the lender answers by, and no Ombudsman while the lender says it is not open", async () => {
    answering(complaint);
    renderApp("/complaints/CMP100001");
    expect(await screen.findByText("In progress", {}, LOADED)).toBeTruthy();
    expect(screen.getByText("27 Dec 2026")).toBeTruthy();
    expect(screen.getByText("Sahyogkosh Finance Limited (the lender)")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Take it to the RBI Ombudsman" })).toBeNull();
  });

  it("offers the Ombudsman with the ticket's details when the lender says it is open", async () => {
    answering({ ...complaint, status: "rejected", rejectionReason: "The fee is in the loan agreement.", ombudsmanOpen: true });
    renderApp("/complaints/CMP100001");
    const panel = await screen.findByRole("region", { name: "Take it to the RBI Ombudsman" }, LOADED);
    expect(panel.textContent).toContain("The lender rejected your complaint.");
    const details = screen.getByLabelText<HTMLTextAreaElement>("Your ticket's details, ready to paste into the Ombudsman's form").value;
    expect(details).toContain("ticket number: CMP100001");
    expect(details).toContain("Lender's reason for rejecting it: The fee is in the loan agreement.");
    expect(details).not.toContain("The lender was to answer by");
  });

  it("sends a visitor without a portal login to /paynow", async () => {
    apiServer.use(http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })));
    const app = renderApp("/complaints/CMP100001");
    await screen.findByRole("heading", { name: "Pay Now" }, LOADED);
    expect(app.path()).toBe("/paynow");
  });
});
