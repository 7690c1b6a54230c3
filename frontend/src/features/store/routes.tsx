import type { RouteObject } from "react-router";
import { lazyComponent, lazyPage } from "../../lib/lazy-route";

/**
 * Storefront pages (storefront wrapper). `inShell` are other features' pages that share the
 * store's shell (its cart, login modal and native bridge): the app's router passes checkout's in,
 * so the store never imports another feature.
 */
export function storeRoutes(inShell: RouteObject[] = []): RouteObject[] {
  return [
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
        ...inShell,
      ],
    },
  ];
}
