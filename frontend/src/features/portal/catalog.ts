import type { Catalog } from "../../lib/i18n";

/** The portal's login pages' messages (and the error popup), loaded with each of its routes in the visitor's language. */
export const portalCatalog: Catalog = { name: "portal", load: (locale) => import(`./locales/${locale}.po`) };

/** The payment page's own messages (what is owed, paying, the history), loaded with that page only. */
export const paymentCatalog: Catalog = { name: "portal-payment", load: (locale) => import(`./locales/payment/${locale}.po`) };
