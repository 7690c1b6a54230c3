import type { RouteObject } from "react-router";
import { deskCatalog } from "./catalog";
import { lazyPage } from "../../lib/lazy-route";

/** The staff-only support desk (its own login; no public header or footer, never linked from the site). */
export const deskRoutes: RouteObject[] = [lazyPage("desk", () => import("./pages/DeskPage"), deskCatalog)];
