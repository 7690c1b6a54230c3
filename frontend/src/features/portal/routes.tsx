import type { RouteObject } from "react-router";

/** Repayment portal pages (public wrapper). */
export const portalRoutes: RouteObject[] = [
  { path: "paynow", lazy: () => import("./pages/PayNowPage").then((m) => ({ Component: m.default })) },
  { path: "verify-otp", lazy: () => import("./pages/VerifyOtpPage").then((m) => ({ Component: m.default })) },
  { path: "payment", lazy: () => import("./pages/PaymentPage").then((m) => ({ Component: m.default })) },
  { path: "nopayment", lazy: () => import("./pages/NoPaymentPage").then((m) => ({ Component: m.default })) },
];
