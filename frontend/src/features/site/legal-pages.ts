import type { PageMeta } from "../../lib/page-meta";

/**
 * The Markdown pages: each one's text and its title and description. Loaded with the first of
 * them, so the routes in every first download carry only their paths.
 */
export const LEGAL_PAGES: Record<string, { source: () => Promise<{ default: string }>; meta: PageMeta; app?: boolean }> = {
  "privacy-policy": {
    source: () => import("../../content/privacy-policy.md?raw"),
    meta: { title: "Privacy and Lending Policy", description: "How we collect, use, store and protect your personal data." },
  },
  "landing-privacy-policy": {
    source: () => import("../../content/landing-privacy-policy.md?raw"),
    meta: { title: "Privacy Notice", description: "How this website handles the data you share with it." },
  },
  "terms-and-conditions": {
    source: () => import("../../content/terms-and-conditions.md?raw"),
    meta: { title: "Terms and Conditions", description: "The terms for using the platform, the store and credit." },
  },
  "cancellation-and-refunds": {
    source: () => import("../../content/cancellation-and-refunds.md?raw"),
    meta: {
      title: "Cancellation and Refunds Policy",
      description: "How to cancel an order, return an item and when your money comes back.",
    },
  },
  "grievance-redressal": {
    source: () => import("../../content/grievance-redressal.md?raw"),
    meta: { title: "Grievance Redressal", description: "How to raise a complaint and who the grievance officer is." },
  },
  "shipping-policy": {
    source: () => import("../../content/shipping-policy.md?raw"),
    meta: { title: "Shipping Policy", description: "Delivery times, charges and areas for orders and the one-hour store." },
  },
  AboutUs_MobileApp: { source: () => import("../../content/about-mobile.md?raw"), meta: { title: "About us" }, app: true },
  "FAQ's_MobileApp": { source: () => import("../../content/faq.md?raw"), meta: { title: "FAQs" }, app: true },
  privacyPolicy_MobileApp: {
    source: () => import("../../content/privacy-policy.md?raw"),
    meta: { title: "Privacy and Lending Policy" },
    app: true,
  },
  privacyPolicyOpusCollect_MobileApp: {
    source: () => import("../../content/lending-privacy-policy.md?raw"),
    meta: { title: "Lending Privacy Policy" },
    app: true,
  },
  termsAndConditions_MobileApp: {
    source: () => import("../../content/terms-and-conditions.md?raw"),
    meta: { title: "Terms and Conditions" },
    app: true,
  },
};
