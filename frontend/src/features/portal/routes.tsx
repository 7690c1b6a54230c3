import type { RouteObject } from "react-router";
import { paymentCatalog, portalCatalog } from "./catalog";
import { lazyPage } from "../../lib/lazy-route";

/** Repayment portal pages (public wrapper). */
export const portalRoutes: RouteObject[] = [
  lazyPage("paynow", () => import("./pages/PayNowPage"), portalCatalog),
  lazyPage("verify-otp", () => import("./pages/VerifyOtpPage"), portalCatalog),
  lazyPage("payment", () => import("./pages/PaymentPage"), [portalCatalog, paymentCatalog]),
  lazyPage("nopayment", () => import("./pages/NoPaymentPage"), portalCatalog),
];
