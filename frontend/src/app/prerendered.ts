/**
 * The pages rendered to HTML at build time (`npm run build` runs frontend/scripts/prerender.mjs)
 * and served as that HTML by the gateway, then hydrated: public pages that need no login.
 * A new public page is one line here. Pages whose data needs the network (the products) are
 * rendered as their shell: queries do not run while pre-rendering, so their skeleton is the HTML.
 * Paths are exact, as the browser asks for them (decoded).
 */
export const PRERENDERED_PATHS: readonly string[] = [
  "/",
  "/buy-products-on-credit",
  "/dpd",
  "/AboutUs",
  "/blog",
  "/FAQ's",
  "/contact-us",
  "/delete-data-policy",
  "/privacy-policy",
  "/landing-privacy-policy",
  "/terms-and-conditions",
  "/cancellation-and-refunds",
  "/grievance-redressal",
  "/shipping-policy",
  "/paynow",
  "/products",
  "/product-home",
];

/**
 * The pre-rendered pages whose first render reads the address's query (the store's search and
 * filters: `/products?category=fans`). Their HTML was rendered for the bare path, so with a query
 * the browser renders them anew; every other page hydrates whatever the query (`/?utm_source=...`
 * is the same page). The pre-renderer marks their HTML (`<div id="root" data-reads-query>`),
 * which is what `main.tsx` checks. A page that starts reading the query belongs here.
 */
export const READS_QUERY: ReadonlySet<string> = new Set(["/products", "/product-home"]);
