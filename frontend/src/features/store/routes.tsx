import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { StoreShell } from "./StoreShell";

const page = (load: () => Promise<{ default: ComponentType }>) => () =>
  load().then((m) => ({ Component: m.default }));

/** Storefront pages (storefront wrapper). */
export const storeRoutes: RouteObject[] = [
  {
    element: <StoreShell />,
    children: [
      { path: "login", lazy: page(() => import("./pages/LoginPage")) },
      { path: "verifyotp", lazy: page(() => import("./pages/VerifyOtpPage")) },
      { path: "product-home", lazy: page(() => import("./pages/ProductHomePage")) },
      { path: "products", lazy: page(() => import("./pages/ProductsPage")) },
      { path: "product-details", lazy: page(() => import("./pages/ProductDetailsPage")) },
      { path: "product-details/:id", lazy: page(() => import("./pages/ProductDetailsPage")) },
      { path: "shopping-cart", lazy: page(() => import("./pages/ShoppingCartPage")) },
    ],
  },
];
