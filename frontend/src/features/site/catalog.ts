import type { Catalog } from "../../lib/i18n";

/** The site pages' messages, loaded with each of its routes in the visitor's language. */
export const siteCatalog: Catalog = { name: "site", load: (locale) => import(`./locales/${locale}.po`) };
