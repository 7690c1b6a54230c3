import type { Catalog } from "../../lib/i18n";

/** The store pages' messages, loaded with each of its routes in the visitor's language. */
export const storeCatalog: Catalog = { name: "store", load: (locale) => import(`./locales/${locale}.po`) };
