import type { Catalog } from "../../lib/i18n";

/** The credit pages' messages, loaded with those pages in the visitor's language. */
export const creditCatalog: Catalog = { name: "credit", load: (locale) => import(`./locales/${locale}.po`) };
