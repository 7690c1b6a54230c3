import type { RouteObject } from "react-router";

/** Repayment portal pages (public wrapper). */
export const portalRoutes: RouteObject[] = [];
