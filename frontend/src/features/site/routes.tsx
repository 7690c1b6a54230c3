import type { RouteObject } from "react-router";
import type { AppConfig } from "../../lib/config";
import { lazyPage as page } from "../../lib/lazy-route";

/** A page that renders one Markdown content file; its text, title and the renderer load with the route. */
function markdown(path: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { LEGAL_PAGES } = await import("./legal-pages");
      const { source, meta, app = false } = LEGAL_PAGES[path];
      const [{ default: text }, { MarkdownPage }] = await Promise.all([source(), import("./components/MarkdownPage")]);
      return { Component: () => <MarkdownPage source={text} meta={meta} app={app} /> };
    },
  };
}

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
    markdown("privacy-policy"),
    markdown("landing-privacy-policy"),
    markdown("terms-and-conditions"),
    markdown("cancellation-and-refunds"),
    markdown("grievance-redressal"),
    markdown("shipping-policy"),
    page("FAQ's", () => import("./pages/FaqPage")),
  ];
}

/** Mobile-app variants, in the storefront wrapper (no site header or footer: the app has its own). */
export const siteAppRoutes: RouteObject[] = [
  markdown("AboutUs_MobileApp"),
  markdown("FAQ's_MobileApp"),
  markdown("privacyPolicy_MobileApp"),
  markdown("privacyPolicyOpusCollect_MobileApp"),
  markdown("termsAndConditions_MobileApp"),
  {
    path: "contact-us_MobileApp",
    lazy: () => import("./pages/ContactPage").then((m) => ({ Component: () => <m.default app /> })),
  },
];
