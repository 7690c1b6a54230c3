import type { Catalog } from "../../lib/i18n";

/** The support desk's messages, loaded with its route in the staff member's language. */
export const deskCatalog: Catalog = { name: "desk", load: (locale) => import(`./locales/${locale}.po`) };
