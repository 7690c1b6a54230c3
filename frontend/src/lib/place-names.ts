/**
 * Cities' and states' names in the page's language. They are data (India Post's, the orders
 * service's, an address book's), sent in English, so they are not lingui messages: this map is the
 * translation layer's for them (locales/place-names.hi.json), the one every screen writes a place
 * through. A name without a Hindi entry is shown as sent.
 */
import hindi from "../locales/place-names.hi.json";

const HINDI: Record<string, string | undefined> = hindi;

/** A city's or a state's name as `locale` writes it (the caller's i18n.locale: this module stays
 * free of the app's i18n, as the site's first pages import it through content/delivery.ts). */
export function placeName(name: string, locale: string): string {
  return (locale === "hi" && HINDI[name]) || name;
}
