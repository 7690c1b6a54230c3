import type { RouteObject } from "react-router";
import type { AppConfig } from "../../lib/config";
import type { PageMeta } from "../../lib/page-meta";
import { lazyPage as page } from "../../lib/lazy-route";

type Source = () => Promise<{ default: string }>;

/** A page that renders one Markdown content file; the text and renderer load with the route. */
function markdown(path: string, source: Source, meta: PageMeta, app = false): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ default: text }, { MarkdownPage }] = await Promise.all([source(), import("./components/MarkdownPage")]);
      return { Component: () => <MarkdownPage source={text} meta={meta} app={app} /> };
    },
  };
}

const privacy: Source = () => import("../../content/privacy-policy.md?raw");
const lendingPrivacy: Source = () => import("../../content/lending-privacy-policy.md?raw");
const terms: Source = () => import("../../content/terms-and-conditions.md?raw");
const faq: Source = () => import("../../content/faq.md?raw");

/** Public wrapper pages of the marketing and legal site. */
export function sitePublicRoutes(config: AppConfig): RouteObject[] {
  return [
    page(undefined, () => import("./pages/HomePage")),
    page("buy-products-on-credit", () => import("./pages/CreditPage")),
    page("contact-us", () => import("./pages/ContactPage")),
    page("delete-data-policy", () => import("./pages/DeleteDataPage")),
    page("AboutUs", () => import("./pages/AboutPage")),
    page(`aboutUs_${config.productSlug}`, () => import("./pages/AboutPage")),
    page("dpd", () => import("./pages/LenderPage")),
    page("blog", () => import("./pages/BlogPage")),
    markdown("privacy-policy", privacy, { title: "Privacy and Lending Policy", description: "How we collect, use, store and protect your personal data." }),
    markdown("landing-privacy-policy", () => import("../../content/landing-privacy-policy.md?raw"), { title: "Privacy Notice", description: "How this website handles the data you share with it." }),
    markdown("terms-and-conditions", terms, { title: "Terms and Conditions", description: "The terms for using the platform, the store and credit." }),
    markdown("cancellation-and-refunds", () => import("../../content/cancellation-and-refunds.md?raw"), { title: "Cancellation and Refunds Policy", description: "How to cancel an order, return an item and when your money comes back." }),
    markdown("grievance-redressal", () => import("../../content/grievance-redressal.md?raw"), { title: "Grievance Redressal", description: "How to raise a complaint and who the grievance officer is." }),
    markdown("shipping-policy", () => import("../../content/shipping-policy.md?raw"), { title: "Shipping Policy", description: "Delivery times, charges and areas for orders and the one-hour store." }),
    page("FAQ's", () => import("./pages/FaqPage")),
  ];
}

/** Mobile-app variants, in the storefront wrapper (no site header or footer: the app has its own). */
export const siteAppRoutes: RouteObject[] = [
  markdown("AboutUs_MobileApp", () => import("../../content/about-mobile.md?raw"), { title: "About us" }, true),
  markdown("FAQ's_MobileApp", faq, { title: "FAQs" }, true),
  markdown("privacyPolicy_MobileApp", privacy, { title: "Privacy and Lending Policy" }, true),
  markdown("privacyPolicyOpusCollect_MobileApp", lendingPrivacy, { title: "Lending Privacy Policy" }, true),
  markdown("termsAndConditions_MobileApp", terms, { title: "Terms and Conditions" }, true),
  {
    path: "contact-us_MobileApp",
    lazy: () => import("./pages/ContactPage").then((m) => ({ Component: () => <m.default app /> })),
  },
];
