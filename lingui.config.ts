import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// One catalog per feature and one for what they share (components/, lib/, app/), so a route
// downloads only its own feature's messages, in the visitor's language (frontend/src/lib/i18n.ts).
const FEATURES = ["site", "portal", "store", "checkout"];
// The portal's payment page (for a borrower who has logged in) has its own: /paynow, a first page
// of many visits, loads only the login's words.
const PORTAL_PAYMENT = ["pages/PaymentPage.tsx", "components/PaymentHistory.tsx", "components/PendingPayments.tsx", "amount.ts"].map(
  (file) => `<rootDir>/frontend/src/features/portal/${file}`,
);

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
      exclude: ["**/*.test.*", "<rootDir>/frontend/src/lib/error-messages.ts"],
    },
    // The app's words for the gateway's error codes: loaded with the first failed call (api/http.ts),
    // not with every first page.
    {
      path: "<rootDir>/frontend/src/locales/errors/{locale}",
      include: ["<rootDir>/frontend/src/lib/error-messages.ts"],
    },
    ...FEATURES.map((feature) => ({
      path: `<rootDir>/frontend/src/features/${feature}/locales/{locale}`,
      include: [`<rootDir>/frontend/src/features/${feature}`],
      exclude: ["**/*.test.*", ...(feature === "portal" ? PORTAL_PAYMENT : [])],
    })),
    { path: "<rootDir>/frontend/src/features/portal/locales/payment/{locale}", include: PORTAL_PAYMENT },
  ],
  orderBy: "messageId",
});
