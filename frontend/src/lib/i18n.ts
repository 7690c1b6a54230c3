/**
 * The app's languages (Lingui). Every shown string is a message in a catalog: one per feature and
 * one shared (frontend/src/locales/), each compiled from its .po file when imported, so a route
 * downloads its own feature's messages in the visitor's language only: English visitors never
 * load Hindi, and Hindi visitors load Hindi instead of English.
 *
 * The language: the one the page was served in (<html lang>, chosen by the gateway from the
 * `lang` cookie or the browser's languages), changed with the header's switch, which keeps it in
 * the cookie and, through the gateway, in the session for the server's texts (SMS, mails, PDFs).
 */
import { i18n, type Messages } from "@lingui/core";

export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];

/** A catalog's messages in one language (a dynamic import of its .po file). */
export type CatalogLoader = (locale: Locale) => Promise<{ messages: Messages }>;

/** A named catalog: a feature's (features/<name>/catalog.ts) or the shared one. */
export interface Catalog {
  name: string;
  load: CatalogLoader;
}

/** The shared catalog: the header, footer, dialogs, forms and error words every route group uses. */
export const sharedCatalog: Catalog = { name: "shared", load: (locale) => import(`../locales/${locale}.po`) };

const COOKIE = "lang";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Every catalog the app has needed so far, by name: a switch of language reloads all of them. */
const catalogs = new Map<string, CatalogLoader>();
const loaded = new Map<string, Promise<void>>();
/** The catalogs each language has: `name:locale`, once loaded. */
const ready = new Set<string>();
/** Set once the app is used (src/lib/offline-visit.ts): a catalog needed later comes in both languages. */
let keepingBoth = false;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language the page is in: its <html lang> (the gateway's choice), else English. */
export function pageLocale(): Locale {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang.slice(0, 2);
  return isLocale(lang) ? lang : "en";
}

function load(name: string, loader: CatalogLoader, locale: Locale): Promise<void> {
  const key = `${name}:${locale}`;
  let done = loaded.get(key);
  if (!done) {
    done = loader(locale).then(({ messages }) => {
      i18n.load(locale, messages);
      ready.add(key);
    });
    // A catalog that failed to load (a dropped connection) is asked for again next time.
    done.catch(() => loaded.delete(key));
    loaded.set(key, done);
  }
  return done;
}

/** Loads `catalog` in the active language (or `locale`), remembering it for a later switch. */
export function ensureCatalog(catalog: Catalog, locale: Locale = activeLocale()): Promise<void> {
  catalogs.set(catalog.name, catalog.load);
  if (keepingBoth) void load(catalog.name, catalog.load, other(locale)).catch(() => undefined);
  return load(catalog.name, catalog.load, locale);
}

const other = (locale: Locale): Locale => (locale === "hi" ? "en" : "hi");

/** From the app's first use: every catalog in use, and each one needed later, in the other language too. */
export function keepBothLanguages(): Promise<unknown> {
  keepingBoth = true;
  return loadShown(other(activeLocale()));
}

/**
 * The catalogs the page shows, in `locale`. One it asked for and never got (its words failed to
 * load offline) does not hold a switch up: its screen shows its own words in either language.
 */
function loadShown(locale: Locale): Promise<unknown> {
  const shown = [...catalogs].filter(([name]) => ready.has(`${name}:${activeLocale()}`));
  return Promise.all(shown.map(([name, loader]) => load(name, loader, locale)));
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : pageLocale();
}

/** Loads every catalog in use in `locale`, without showing it (each once: a repeat costs nothing). */
export function loadEvery(locale: Locale): Promise<unknown> {
  return Promise.all([...catalogs].map(([name, loader]) => load(name, loader, locale)));
}

/** Loads every catalog in use in `locale`, then shows the app in it (an I18nProvider re-renders). */
export async function activateLocale(locale: Locale): Promise<void> {
  await loadEvery(locale);
  i18n.activate(locale);
}

/**
 * The visitor's switch: the language's messages load, the choice is kept (rememberLocale), and
 * only then does the app re-render in it, so every call a screen makes again for the new
 * language (the store's catalogue words) already carries the cookie the gateway reads.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  await loadShown(locale);
  rememberLocale(locale);
  i18n.activate(locale);
}

/** Keeps the visitor's choice: the cookie (which the gateway reads to serve pages in it) and <html lang>. */
export function rememberLocale(locale: Locale): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie attribute, not words
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the cookie itself
  document.cookie = `${COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
  document.documentElement.lang = locale;
  // An address's ?lang= (a web view's first page) chooses the gateway's language before the
  // cookie: without it, a reload shows the page in the language chosen now.
  const address = new URL(window.location.href);
  if (address.searchParams.has(COOKIE)) {
    address.searchParams.delete(COOKIE);
    window.history.replaceState(window.history.state, "", address);
  }
}

/** The BCP 47 tag for Intl's dates and numbers: Indian English, or Hindi (Latin digits, lakh grouping). */
export function intlLocale(locale: Locale = activeLocale()): string {
  return locale === "hi" ? "hi-IN" : "en-IN";
}

export { i18n };
