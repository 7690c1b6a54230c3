import type { RouteObject } from "react-router";
import { checkoutCatalog } from "./catalog";
import { lazyPage } from "../../lib/lazy-route";

/** The checkout (storefront wrapper), mirroring gateway/checkout/: it runs inside the store's shell. */
export const checkoutRoutes: RouteObject[] = [lazyPage("checkout", () => import("./pages/CheckoutPage"), checkoutCatalog)];
