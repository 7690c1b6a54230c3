import type { RouteObject } from "react-router";
import { lazyPage } from "../../lib/lazy-route";

/** Repayment portal pages (public wrapper). */
export const portalRoutes: RouteObject[] = [
  lazyPage("paynow", () => import("./pages/PayNowPage")),
  lazyPage("verify-otp", () => import("./pages/VerifyOtpPage")),
  lazyPage("payment", () => import("./pages/PaymentPage")),
  lazyPage("nopayment", () => import("./pages/NoPaymentPage")),
];
