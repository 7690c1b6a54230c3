import type { Catalog } from "../../lib/i18n";

/** The order pages' messages, loaded with each of its routes in the visitor's language. */
export const ordersCatalog: Catalog = { name: "orders", load: (locale) => import(`./locales/${locale}.po`) };
