import type { RouteObject } from "react-router";

/**
 * The shopper's orders and one order (storefront wrapper, behind the store's login), mirroring
 * gateway/orders/: their pages and catalog load with the routes' own module, so the app's first
 * download (budgeted on /, /paynow and /products) carries only these lines.
 */
export const ordersRoutes: RouteObject[] = [
  { path: "orders", lazy: () => import("./route").then((module) => module.ordersRoute()) },
  { path: "orders/:orderNumber", lazy: () => import("./route").then((module) => module.orderRoute()) },
];
