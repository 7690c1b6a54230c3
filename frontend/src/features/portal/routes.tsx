import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { paymentCatalog, portalCatalog } from "./catalog";
import { lazyPage } from "../../lib/lazy-route";

/**
 * Repayment portal pages (public wrapper). `paymentPage` is /payment's page (pages/PaymentPage.tsx)
 * as the app's router composes it, with the loans' split of a part-payment handed in.
 */
export function portalRoutes(paymentPage: () => Promise<{ default: ComponentType }>): RouteObject[] {
  return [
    lazyPage("paynow", () => import("./pages/PayNowPage"), portalCatalog),
    lazyPage("verify-otp", () => import("./pages/VerifyOtpPage"), portalCatalog),
    lazyPage("payment", paymentPage, [portalCatalog, paymentCatalog]),
    lazyPage("nopayment", () => import("./pages/NoPaymentPage"), portalCatalog),
  ];
}
