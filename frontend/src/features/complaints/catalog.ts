import type { Catalog } from "../../lib/i18n";

/** The complaints pages' messages, loaded with their routes in the visitor's language. */
export const complaintsCatalog: Catalog = { name: "complaints", load: (locale) => import(`./locales/${locale}.po`) };
