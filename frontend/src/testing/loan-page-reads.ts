/**
 * What a loan's page reads of the gateway, answered for the logged-in borrower of
 * gateway-answers.ts (three loans), with the loan's Key Facts, schedule and statement refused as
 * the lender not answering (not what the loans tests are about); and the AutoPay terms the lender
 * offers for LN-1004. Each test adds the AutoPay answer it is about.
 */
import { http, HttpResponse } from "msw";
import type { components } from "../api/schema";
import { loans, portalSession } from "./gateway-answers";

/** The gateway's answer while the lender is not answering. */
export const unavailable = () =>
  HttpResponse.json({ error: { code: "upstream_unavailable", message: "The lender is not answering." } }, { status: 503 });

export const loanPageReads = [
  http.get("/api/session", () => HttpResponse.json(portalSession)),
  http.get("/api/loans", () => HttpResponse.json(loans)),
  http.get("/api/loans/:loanNumber/key-facts", unavailable),
  http.get("/api/loans/:loanNumber/schedule", unavailable),
  http.get("/api/loans/:loanNumber/statement", unavailable),
];

export const autoPayTerms = {
  maxAmount: "5750.00",
  frequency: "monthly",
  startOn: "2026-12-14",
  endOn: "2027-08-14",
  lenderName: "Sahyogkosh Finance Limited",
  authenticationLimit: "15000.00",
} satisfies components["schemas"]["AutoPayTerms"];
