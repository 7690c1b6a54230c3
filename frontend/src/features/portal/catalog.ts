import type { Catalog } from "../../lib/i18n";

/** The portal pages' messages, loaded with each of its routes in the visitor's language. */
export const portalCatalog: Catalog = { name: "portal", load: (locale) => import(`./locales/${locale}.po`) };
