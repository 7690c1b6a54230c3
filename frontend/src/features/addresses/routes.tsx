import type { RouteObject } from "react-router";

/**
 * The address book (storefront wrapper, behind the store's login), mirroring gateway/addresses/:
 * /addresses, one route whose page and catalog load with it, so the app's first download
 * (budgeted on /, /paynow and /products) carries only this line.
 */
export const addressesRoutes: RouteObject[] = [{ path: "addresses", lazy: () => import("./route").then((module) => module.addressesRoute()) }];
