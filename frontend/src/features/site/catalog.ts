import type { Catalog } from "../../lib/i18n";

/** The site pages' messages, loaded with each of its routes in the visitor's language. */
export const siteCatalog: Catalog = { name: "site", load: (locale) => import(`./locales/${locale}.po`) };

/** The other pages' messages (the FAQ, the lender and about pages, the blog, data deletion, the legal
 * pages' summaries), loaded with those pages only: the home page, a first page of many visits,
 * loads only its own. */
/** The home page's messages below its hero, loaded with those sections (pages/HomeSections.tsx). */
export const siteHomeCatalog: Catalog = { name: "site-home", load: (locale) => import(`./locales/home/${locale}.po`) };

export const siteMoreCatalog: Catalog = { name: "site-more", load: (locale) => import(`./locales/more/${locale}.po`) };
