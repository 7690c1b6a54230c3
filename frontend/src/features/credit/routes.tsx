import type { RouteObject } from "react-router";

/**
 * Credit over its whole life (storefront wrapper, behind the store's login), mirroring
 * gateway/credit/: /credit/apply (from the checkout) and /credit (the shopper's lines, to leave or
 * close them) are one route whose pages and catalog load with it, so the app's first download
 * (budgeted on / and /paynow) carries only this line.
 */
export const creditRoutes: RouteObject[] = [
  { path: "credit/:step?", lazy: () => import("./route").then((module) => module.creditRoute()) },
];
