import type { RouteObject } from "react-router";
import { complaintsCatalog } from "./catalog";
import { lazyPage } from "../../lib/lazy-route";

/** A borrower's complaints (portal login; public wrapper): raise one, follow one. */
export const complaintsRoutes: RouteObject[] = [
  lazyPage("complaints", () => import("./pages/ComplaintsPage"), complaintsCatalog),
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a route
  lazyPage("complaints/:ticketNumber", () => import("./pages/ComplaintPage"), complaintsCatalog),
];
