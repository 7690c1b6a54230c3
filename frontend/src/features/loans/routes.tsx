import type { RouteObject } from "react-router";

/**
 * The borrower's loans (public wrapper, behind the portal's login), mirroring gateway/loans/: /loans
 * and /loans/:loanNumber are one route whose page, catalog and loader all load with it, so the
 * app's first download (budgeted on /paynow) carries only this line.
 */
export const loansRoutes: RouteObject[] = [
  { path: "loans/:loanNumber?", lazy: () => import("./route").then((module) => module.loansRoute()) },
];
