import type { RouteObject } from "react-router";
import { checkoutCatalog } from "./catalog";
import { lazyPage } from "../../lib/lazy-route";

/** Checkout and orders (storefront wrapper), mirroring gateway/checkout/: they run inside the store's shell. */
export const checkoutRoutes: RouteObject[] = [
  lazyPage("checkout", () => import("./pages/CheckoutPage"), checkoutCatalog),
  lazyPage("orders", () => import("./pages/OrdersPage"), checkoutCatalog),
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a route
  lazyPage("orders/:orderNumber", () => import("./pages/OrderPage"), checkoutCatalog),
];
