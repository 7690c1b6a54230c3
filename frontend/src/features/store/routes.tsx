import type { RouteObject } from "react-router";
import { lazyComponent, lazyPage } from "../../lib/lazy-route";
import { storeCatalog } from "./catalog";

/**
 * Storefront pages (storefront wrapper). `inShell` are other features' pages that share the
 * store's shell (its cart, login modal and native bridge): the app's router passes checkout's in,
 * so the store never imports another feature.
 */
export function storeRoutes(inShell: RouteObject[] = []): RouteObject[] {
  return [
    {
      // The shell (cart state, toasts, login calls) loads with the first store page, never on the site's.
      lazy: lazyComponent(() => import("./StoreShell"), (m) => m.StoreShell, storeCatalog),
      children: [
        lazyPage("login", () => import("./pages/LoginPage"), storeCatalog),
        lazyPage("verifyotp", () => import("./pages/VerifyOtpPage"), storeCatalog),
        lazyPage("product-home", () => import("./pages/ProductHomePage"), storeCatalog),
        lazyPage("products", () => import("./pages/ProductsPage"), storeCatalog),
        lazyPage("product-details", () => import("./pages/ProductDetailsPage"), storeCatalog),
        // eslint-disable-next-line lingui/no-unlocalized-strings -- a route
        lazyPage("product-details/:id", () => import("./pages/ProductDetailsPage"), storeCatalog),
        lazyPage("shopping-cart", () => import("./pages/ShoppingCartPage"), storeCatalog),
        ...inShell,
      ],
    },
  ];
}
