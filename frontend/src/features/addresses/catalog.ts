import type { Catalog } from "../../lib/i18n";

/** The address book page's messages, loaded with its route in the visitor's language. */
export const addressesCatalog: Catalog = { name: "addresses", load: (locale) => import(`./locales/${locale}.po`) };
