import type { Catalog } from "../../lib/i18n";

/** The checkout pages' messages, loaded with each of its routes in the visitor's language. */
export const checkoutCatalog: Catalog = { name: "checkout", load: (locale) => import(`./locales/${locale}.po`) };
