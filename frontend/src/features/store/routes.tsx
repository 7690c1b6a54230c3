import type { RouteObject } from "react-router";
import { lazyComponent, lazyPage } from "../../lib/lazy-route";

/** Storefront pages (storefront wrapper). */
export const storeRoutes: RouteObject[] = [
  {
    // The shell (cart state, toasts, login calls) loads with the first store page, never on the site's.
    lazy: lazyComponent(() => import("./StoreShell"), (m) => m.StoreShell),
    children: [
      lazyPage("login", () => import("./pages/LoginPage")),
      lazyPage("verifyotp", () => import("./pages/VerifyOtpPage")),
      lazyPage("product-home", () => import("./pages/ProductHomePage")),
      lazyPage("products", () => import("./pages/ProductsPage")),
      lazyPage("product-details", () => import("./pages/ProductDetailsPage")),
      lazyPage("product-details/:id", () => import("./pages/ProductDetailsPage")),
      lazyPage("shopping-cart", () => import("./pages/ShoppingCartPage")),
      lazyPage("checkout", () => import("./pages/CheckoutPage")),
      lazyPage("orders", () => import("./pages/OrdersPage")),
      lazyPage("orders/:orderNumber", () => import("./pages/OrderPage")),
    ],
  },
];
