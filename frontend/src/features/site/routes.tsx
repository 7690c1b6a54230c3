import type { RouteObject } from "react-router";
import type { AppConfig } from "../../lib/config";
import { ensureCatalog } from "../../lib/i18n";
import { siteCatalog, siteMoreCatalog } from "./catalog";
import { lazyPage as page } from "../../lib/lazy-route";

/** A page that renders one Markdown content file; its text, title and the renderer load with the route. */
function markdown(path: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const { LEGAL_PAGES } = await import("./legal-pages");
      const { source, hindi, words, app = false } = LEGAL_PAGES[path];
      const [{ default: text }, translated, { MarkdownPage }] = await Promise.all([
        source(),
        hindi?.().then((module) => module.default),
        import("./components/MarkdownPage"),
        ensureCatalog(siteCatalog),
        ensureCatalog(siteMoreCatalog),
      ]);
      return { Component: () => <MarkdownPage source={text} hindi={translated} words={words} app={app} /> };
    },
  };
}

/** Public wrapper pages of the marketing and legal site. */
export function sitePublicRoutes(config: AppConfig): RouteObject[] {
  return [
    page(undefined, () => import("./pages/HomePage"), siteCatalog),
    page("buy-products-on-credit", () => import("./pages/CreditPage"), siteCatalog),
    page("contact-us", () => import("./pages/ContactPage"), siteCatalog),
    page("delete-data-policy", () => import("./pages/DeleteDataPage"), [siteCatalog, siteMoreCatalog]),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a route path (the specification's address)
    page("AboutUs", () => import("./pages/AboutPage"), [siteCatalog, siteMoreCatalog]),
    page(`aboutUs_${config.productSlug}`, () => import("./pages/AboutPage"), [siteCatalog, siteMoreCatalog]),
    page("dpd", () => import("./pages/LenderPage"), [siteCatalog, siteMoreCatalog]),
    page("blog", () => import("./pages/BlogPage"), [siteCatalog, siteMoreCatalog]),
    markdown("privacy-policy"),
    markdown("landing-privacy-policy"),
    markdown("terms-and-conditions"),
    markdown("cancellation-and-refunds"),
    markdown("grievance-redressal"),
    markdown("shipping-policy"),
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a route path (the specification's address)
    page("FAQ's", () => import("./pages/FaqPage"), [siteCatalog, siteMoreCatalog]),
  ];
}

/** Mobile-app variants, in the storefront wrapper (no site header or footer: the app has its own). */
export const siteAppRoutes: RouteObject[] = [
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a route path (the specification's address)
  markdown("AboutUs_MobileApp"),
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a route path (the specification's address)
  page("FAQ's_MobileApp", () => import("./pages/FaqAppPage"), [siteCatalog, siteMoreCatalog]),
  markdown("privacyPolicy_MobileApp"),
  markdown("privacyPolicyOpusCollect_MobileApp"),
  markdown("termsAndConditions_MobileApp"),
  {
    path: "contact-us_MobileApp",
    lazy: () =>
      Promise.all([import("./pages/ContactPage"), ensureCatalog(siteCatalog)]).then(([m]) => ({ Component: () => <m.default app /> })),
  },
];
