import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-route";

/** Checkout and orders (storefront wrapper), mirroring gateway/checkout/: they run inside the store's shell. */
export const checkoutRoutes: RouteObject[] = [
  lazyPage("checkout", () => import("./pages/CheckoutPage")),
  lazyPage("orders", () => import("./pages/OrdersPage")),
  lazyPage("orders/:orderNumber", () => import("./pages/OrderPage")),
];
