import type { Catalog } from "../../lib/i18n";

/** The loan pages' messages, loaded with those pages in the visitor's language. */
export const loansCatalog: Catalog = { name: "loans", load: (locale) => import(`./locales/${locale}.po`) };
