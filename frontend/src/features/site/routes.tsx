import type { RouteObject } from "react-router";
import type { AppConfig } from "../../lib/config";
import { lazyPage as page } from "../../lib/lazy-route";

type Source = () => Promise<{ default: string }>;

/** A page that renders one Markdown content file; the text and renderer load with the route. */
function markdown(path: string, source: Source, app = false): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ default: text }, { MarkdownPage }] = await Promise.all([source(), import("./components/MarkdownPage")]);
      return { Component: () => <MarkdownPage source={text} app={app} /> };
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
    markdown("privacy-policy", privacy),
    markdown("landing-privacy-policy", () => import("../../content/landing-privacy-policy.md?raw")),
    markdown("terms-and-conditions", terms),
    markdown("cancellation-and-refunds", () => import("../../content/cancellation-and-refunds.md?raw")),
    markdown("grievance-redressal", () => import("../../content/grievance-redressal.md?raw")),
    markdown("shipping-policy", () => import("../../content/shipping-policy.md?raw")),
    markdown("FAQ's", faq),
  ];
}

/** Mobile-app variants, in the storefront wrapper (no site header or footer: the app has its own). */
export const siteAppRoutes: RouteObject[] = [
  markdown("AboutUs_MobileApp", () => import("../../content/about-mobile.md?raw"), true),
  markdown("FAQ's_MobileApp", faq, true),
  markdown("privacyPolicy_MobileApp", privacy, true),
  markdown("privacyPolicyOpusCollect_MobileApp", lendingPrivacy, true),
  markdown("termsAndConditions_MobileApp", terms, true),
  {
    path: "contact-us_MobileApp",
    lazy: () => import("./pages/ContactPage").then((m) => ({ Component: () => <m.default app /> })),
  },
];
