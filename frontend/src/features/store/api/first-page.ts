import type { ProductList } from "./get-products";

/** The element the gateway writes into /products's HTML (gateway/store/first_page.py). */
const FIRST_PAGE_ELEMENT = "products-first-page";

/** How long the page sent with the HTML counts as fresh: the list is not asked for again meanwhile. */
export const SENT_PAGE_FRESH_MS = 30_000;

export interface SentPage {
  list: ProductList;
  /** When the app read it (as `Date.now()`): the answer is that fresh. */
  at: number;
}

let read = false;
let sent: SentPage | undefined;

/**
 * The first page of the whole catalogue (no search, no filter) that came with the page: the
 * gateway renders it into /products's HTML for a visitor, so the products paint before the app
 * has loaded, and sends the same answer beside it, so the app starts from what is on screen
 * (and hydrates it) instead of asking for it again first. Kept, not taken: a hydration that React
 * starts over (a tap on the page while it hydrates does that) builds its query client anew and
 * must find it again. Once stale, later visits of the list go through the query cache.
 */
export function sentFirstPage(): SentPage | undefined {
  if (!read && typeof document !== "undefined") {
    read = true;
    const text = document.getElementById(FIRST_PAGE_ELEMENT)?.textContent;
    try {
      sent = text ? { list: JSON.parse(text) as ProductList, at: Date.now() } : undefined;
    } catch {
      sent = undefined;
    }
  }
  return sent && Date.now() - sent.at < SENT_PAGE_FRESH_MS ? sent : undefined;
}

/** Pre-rendering only (frontend/scripts/prerender.mjs): the page to render the list with. */
export function renderWithFirstPage(list: ProductList | undefined): void {
  read = true;
  sent = list ? { list, at: Date.now() } : undefined;
}
