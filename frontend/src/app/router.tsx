import { createBrowserRouter, Outlet, type RouteObject } from "react-router";
import type { AppConfig } from "../lib/config";
import { sharedCatalog } from "../lib/i18n";
import { lazyPage } from "../lib/lazy-route";
import { RouteError } from "./RouteError";
import { ScrollToTop } from "./ScrollToTop";
import { PublicLayout } from "../components/layout/PublicLayout";
import { StoreLayout } from "../components/layout/StoreLayout";
import { sitePublicRoutes, siteAppRoutes } from "../features/site/routes";
import { portalRoutes } from "../features/portal/routes";
import { complaintsRoutes } from "../features/complaints/routes";
import { loansRoutes } from "../features/loans/routes";
import { storeRoutes } from "../features/store/routes";
import { checkoutRoutes } from "../features/checkout/routes";
import { ordersRoutes } from "../features/orders/routes";
import { addressesRoutes } from "../features/addresses/routes";
import { creditRoutes } from "../features/credit/routes";

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/**
 * Two wrappers, as the specification has them: the public site (header, content, footer)
 * and the storefront (laid out for the native app's web view). Each feature lazy-loads its pages.
 * The same tree runs in the browser and, at build time, in the pre-renderer (entry-server.tsx).
 */
export function appRoutes(config: AppConfig): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            ...sitePublicRoutes(config),
            // The payment page with the loans' split of a part-payment (its words are that page's).
            ...portalRoutes(() => import("./PaymentPage")),
            ...complaintsRoutes,
            ...loansRoutes,
            lazyPage("*", () => import("./NotFound"), sharedCatalog),
          ],
        },
        {
          element: <StoreLayout />,
          // Checkout, orders, the address book and credit run in the store's shell.
          children: [...storeRoutes([...checkoutRoutes, ...ordersRoutes, ...addressesRoutes, ...creditRoutes]), ...siteAppRoutes],
        },
        // Staff only, without the public site's header and footer: each route's path and module
        // here, its page, styles and messages in chunks of their own (lib/route-module.tsx). The
        // QA console is served only beside the mocks.
        { path: "desk", lazy: () => import("../features/desk/routes") },
        { path: "qa", lazy: () => import("../features/qa/routes") },
      ],
    },
  ];
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(appRoutes(config));
}
