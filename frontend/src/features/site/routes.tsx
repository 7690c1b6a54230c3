import type { RouteObject } from "react-router";
import type { AppConfig } from "../../app/config";

/** Public wrapper pages of the marketing and legal site. */
export function sitePublicRoutes(_config: AppConfig): RouteObject[] {
  return [{ index: true, lazy: () => import("./pages/HomePage").then((m) => ({ Component: m.default })) }];
}

/** Mobile-app variants, in the storefront wrapper. */
export const siteAppRoutes: RouteObject[] = [];
