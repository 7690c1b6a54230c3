import type { RouteObject } from "react-router";

/** Storefront pages (storefront wrapper). */
export const storeRoutes: RouteObject[] = [];
