import type { Catalog } from "../../lib/i18n";

/** The UPI panel's messages, loaded with its own chunk (never with a first visit's pages). */
export const upiCatalog: Catalog = { name: "upi", load: (locale) => import(`./locales/${locale}.po`) };
