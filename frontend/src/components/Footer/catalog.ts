import type { Catalog } from "../../lib/i18n";

/** The footer's messages (with its newsletter form and the company's details), loaded with the
 * footer's own chunk: a page without the footer (the store's) does not download them. */
export const footerCatalog: Catalog = { name: "footer", load: (locale) => import(`./locales/${locale}.po`) };
