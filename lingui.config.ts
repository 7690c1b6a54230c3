import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// One catalog per feature and one for what they share (components/, lib/, app/), so a route
// downloads only its own feature's messages, in the visitor's language (frontend/src/lib/i18n.ts).
const FEATURES = ["site", "portal", "store", "checkout", "orders", "addresses", "complaints", "loans", "desk", "credit", "qa"];
// The footer's (with its newsletter form): loaded with the footer's own chunk.
const FOOTER = ["components/Footer", "components/NewsletterForm.tsx"].map((file) => `<rootDir>/frontend/src/${file}`);
// The storefront's shared parts (the delivery promise's words, used by the store and checkout): in
// the store's catalog, which the store's shell loads for every storefront page.
const STOREFRONT = "<rootDir>/frontend/src/components/storefront";
// What two store features share, in each one's catalog (no catalog more to load): an order's
// figures (the checkout's summary and the order page), an address's fields (the checkout's address
// step and the address book's page). The order parts' timeline step is the order page's only (its
// words are not the checkout's to load).
const ORDER_PARTS = "<rootDir>/frontend/src/components/orders";
const ORDER_FIGURES = `${ORDER_PARTS}/OrderFigures.tsx`;
const ADDRESS_PARTS = "<rootDir>/frontend/src/components/addresses";
// AutoPay (a loan's instalments on the loan page, a credit line's dues on /credit): in the loans'
// and the credit pages' catalogs, which load with their pages, so neither loads a catalog more.
const AUTOPAY = "<rootDir>/frontend/src/components/autopay";
const SHARED_BY: Record<string, string[]> = {
  checkout: [ORDER_FIGURES, ADDRESS_PARTS],
  orders: [ORDER_PARTS],
  addresses: [ADDRESS_PARTS],
  loans: [AUTOPAY],
  credit: [AUTOPAY],
};
// The UPI panel's (the portal's and checkout's): loaded with the panel's own chunk.
const UPI = "<rootDir>/frontend/src/components/upi";
// The company's details and figures (content/company.ts): the site's pages and the footer show them.
const CONTENT = "<rootDir>/frontend/src/content";
// The site's home page below its hero, and its pages other than the home, credit and contact pages,
// have their own: the home page, a first page of many visits, loads only its hero's words at first.
const SITE_HOME = ["data/marketing.ts", "pages/HomeSections.tsx"].map((file) => `<rootDir>/frontend/src/features/site/${file}`);
const SITE_MORE = [
  "legal-pages.ts",
  "data/faq.ts",
  "data/lender.ts",
  "data/about.ts",
  "components/MarkdownPage.tsx",
  "components/EnglishTextNote.tsx",
  "components/DeleteDataForm.tsx",
  "pages/FaqPage.tsx",
  "pages/FaqAppPage.tsx",
  "pages/LenderPage.tsx",
  "pages/AboutPage.tsx",
  "pages/BlogPage.tsx",
  "pages/DeleteDataPage.tsx",
].map((file) => `<rootDir>/frontend/src/features/site/${file}`);
// The portal's payment page (for a borrower who has logged in) has its own: /paynow, a first page
// of many visits, loads only the login's words.
const PORTAL_PAYMENT = ["pages/PaymentPage.tsx", "components/PaymentHistory.tsx", "components/PendingPayments.tsx", "components/LoanNotMapped.tsx", "amount.ts", "excess-refund.ts"].map(
  (file) => `<rootDir>/frontend/src/features/portal/${file}`,
);
// The loans feature's split of a payment, shown on the portal's payment page: in that page's catalog.
const LOANS_ALLOCATION = ["<rootDir>/frontend/src/features/loans/components/AllocationPreview.tsx"];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "hi"],
  // A Hindi message that is missing is an error (`lingui compile --strict` in `make test`), not English.
  fallbackLocales: false,
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/frontend/src/locales/{locale}",
      include: ["<rootDir>/frontend/src/components", "<rootDir>/frontend/src/lib", "<rootDir>/frontend/src/api", "<rootDir>/frontend/src/app", "<rootDir>/frontend/src/main.tsx"],
      // A folder is excluded by its files' glob (the folder's own path matches no file).
      exclude: ["**/*.test.*", "<rootDir>/frontend/src/lib/error-messages.ts", "<rootDir>/frontend/src/components/OfflineNotice/**", `${STOREFRONT}/**`, `${UPI}/**`, `${ORDER_PARTS}/**`, `${ADDRESS_PARTS}/**`, `${AUTOPAY}/**`, ...FOOTER.map((path) => (path.endsWith(".tsx") ? path : `${path}/**`))],
    },
    // The footer's (and the company's details it shows): loaded with the footer's chunk.
    { path: "<rootDir>/frontend/src/components/Footer/locales/{locale}", include: [...FOOTER, CONTENT] },
    // The offline notice's and the offline refusal's words: loaded after the page with the service
    // worker's set-up (lib/offline-visit.ts), which the worker keeps, so they are there offline.
    { path: "<rootDir>/frontend/src/components/OfflineNotice/locales/{locale}", include: ["<rootDir>/frontend/src/components/OfflineNotice"] },
    { path: `${UPI}/locales/{locale}`, include: [UPI], exclude: ["**/*.test.*"] },
    // The app's words for the gateway's error codes: loaded with the first failed call (api/http.ts),
    // not with every first page.
    {
      path: "<rootDir>/frontend/src/locales/errors/{locale}",
      include: ["<rootDir>/frontend/src/lib/error-messages.ts"],
    },
    ...FEATURES.map((feature) => ({
      path: `<rootDir>/frontend/src/features/${feature}/locales/{locale}`,
      include: [
        `<rootDir>/frontend/src/features/${feature}`,
        ...(feature === "site" ? [CONTENT] : []),
        ...(feature === "store" ? [STOREFRONT] : []),
        ...(SHARED_BY[feature] ?? []),
      ],
      exclude: [
        "**/*.test.*",
        ...(feature === "portal" ? PORTAL_PAYMENT : []),
        ...(feature === "site" ? [...SITE_HOME, ...SITE_MORE] : []),
        ...(feature === "loans" ? LOANS_ALLOCATION : []),
      ],
    })),
    { path: "<rootDir>/frontend/src/features/portal/locales/payment/{locale}", include: [...PORTAL_PAYMENT, ...LOANS_ALLOCATION] },
    { path: "<rootDir>/frontend/src/features/site/locales/home/{locale}", include: SITE_HOME },
    { path: "<rootDir>/frontend/src/features/site/locales/more/{locale}", include: SITE_MORE },
  ],
  orderBy: "messageId",
});
