import type { ProductList } from "./get-products";

/** The element the gateway writes into /products's HTML (gateway/store/first_page.py). */
export const FIRST_PAGE_ELEMENT = "products-first-page";

let read = false;
let given: ProductList | undefined;

/**
 * The first page of the whole catalogue (no search, no filter) that came with the page: the
 * gateway renders it into /products's HTML for a visitor, so the products paint before the app
 * has loaded, and sends the same answer beside it, so the app starts from what is on screen
 * (and hydrates it) instead of asking for it again first. Read once: later visits of the list
 * go through the query cache.
 */
export function firstPageOfCatalogue(): ProductList | undefined {
  if (given) return given;
  if (read || typeof document === "undefined") return undefined;
  read = true;
  const element = document.getElementById(FIRST_PAGE_ELEMENT);
  element?.remove();
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as ProductList;
  } catch {
    return undefined;
  }
}

/** Pre-rendering only (frontend/scripts/prerender.mjs): the page to render the list with. */
export function renderWithFirstPage(list: ProductList | undefined): void {
  given = list;
}
