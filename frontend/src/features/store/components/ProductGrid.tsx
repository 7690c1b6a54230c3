import { Trans, useLingui } from "@lingui/react/macro";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import type { Product } from "../api/get-product";
import { useProducts } from "../api/get-products";
import { BrowseFilters, type BrandOption } from "./BrowseFilters";
import { CategorySuggestions } from "./CategoryChips";
import { ProductCard } from "./ProductCard";
import { useBrowseFilters } from "./useBrowseFilters";
import shared from "../../../components/storefront/storefront.module.css";
import styles from "./ProductGrid.module.css";

const DEBOUNCE_MS = 500;
// Cards on screen without scrolling on a desktop (four across): their images load at once.
const FIRST_ROW = 4;

// Brands met while browsing, kept for the brand select as the list narrows (logged out, the
// catalogue lists no brands).
const seenBrands = new Map<number, string>();

/**
 * Search (debounced 500 ms), optionally the category / brand / sort filters, and the product
 * list, 12 more each time its end scrolls into view. Search and filters live in the address.
 * `opensThePage`: the list is the first thing on the page (/products), so its first row's images
 * load at once and the first is the page's largest paint; below the store home's banners every
 * image waits until it is laid out near the screen.
 */
export function ProductGrid({ showFilters = false, opensThePage = false }: { showFilters?: boolean; opensThePage?: boolean }) {
  const { filters, update } = useBrowseFilters();
  const { t } = useLingui();
  const urlSearch = filters.search ?? "";
  const [text, setText] = useState(urlSearch);
  // A new search or filter is a new list, starting again at page 1.
  const { data, isPending, isFetchingNextPage, isError: failed, error, hasNextPage, fetchNextPage } = useProducts(filters);
  // Loading: a list not here yet, or its next page. A list on screen being refreshed in the
  // background (the page the HTML came with, a list met again) stays as it is meanwhile.
  const loading = isPending || isFetchingNextPage;
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = hasNextPage && !failed;

  const items = useMemo(() => {
    const seen = new Set<number>();
    const out: Product[] = [];
    for (const product of data?.pages.flatMap((page) => page.records) ?? []) {
      if (!seen.has(product.id)) out.push(product);
      seen.add(product.id);
    }
    return out;
  }, [data]);

  // The cards render in a transition (React yields while it builds them), not in the one long
  // task that received the answer; until then the list still counts as loading.
  const shown = useDeferredValue(items);
  const building = shown !== items;

  // After the render that shows the cards, not in it: a list the page's HTML came with (see
  // api/first-page.ts) hydrates with the select as the HTML has it, then gains its brands.
  const [brands, setBrands] = useState<BrandOption[]>(() => [...seenBrands].map(([id, name]) => ({ id, name })));
  useEffect(() => {
    for (const product of items) {
      if (product.brandId && product.brandName) seenBrands.set(product.brandId, product.brandName);
    }
    setBrands((listed) => (listed.length === seenBrands.size ? listed : [...seenBrands].map(([id, name]) => ({ id, name }))));
  }, [items]);

  // Back / forward (or a link) changed the search: show it in the box. Only on a change: the
  // box comes alive when the page hydrates, and under load the shopper can type before this
  // effect's first run, which must not put the address's (still empty) search back over it.
  const typed = useRef(text);
  const shownSearch = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch === shownSearch.current) return;
    shownSearch.current = urlSearch;
    if (urlSearch !== typed.current.trim()) {
      typed.current = urlSearch;
      setText(urlSearch);
    }
  }, [urlSearch]);

  useEffect(() => {
    const next = text.trim();
    if (next === urlSearch) return;
    const timer = window.setTimeout(() => update({ search: next || undefined }, { replace: true }), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, urlSearch, update]);

  useEffect(() => {
    // The specification only logs a failed list; nothing is shown.
    if (failed) console.warn("Store: products could not be loaded", error);
  }, [failed, error]);

  useEffect(() => {
    const element = sentinel.current;
    // Not while the last page's cards are still being built: until they are laid out the end
    // of the list stays in view, and observing it then would fetch a page nobody scrolled to.
    if (!element || !hasMore || loading || building) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS length
      { rootMargin: "100px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, building, shown.length, fetchNextPage]);

  const narrowed = Boolean(filters.search || filters.category || filters.brandId);

  return (
    <section aria-labelledby="products-heading">
      <div className={shared.headRow}>
        <h2 id="products-heading" className={shared.sectionTitle}>
          <Trans>Products</Trans>
        </h2>
        <div className={styles.search} ref={enableWhenHydrated}>
          <label htmlFor="store-search" className="visually-hidden">
            <Trans>Search products</Trans>
          </label>
          <input
            id="store-search"
            type="search"
            placeholder={t`Search products`}
            value={text}
            maxLength={100}
            onChange={(event) => {
              typed.current = event.target.value;
              setText(event.target.value);
            }}
          />
        </div>
      </div>
      {showFilters && <BrowseFilters filters={filters} seenBrands={brands} onChange={(change) => update(change)} />}
      <ul className={`${shared.cardList} ${styles.grid}`} aria-busy={loading || building}>
        {shown.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            first={opensThePage && index < FIRST_ROW}
            lead={opensThePage && index === 0}
          />
        ))}
      </ul>
      {!loading && !failed && items.length === 0 && (
        <div className={styles.empty}>
          <p className={shared.note}>
            <Trans>No products found.</Trans>
          </p>
          <p>
            <Trans>Try another word, or browse a category:</Trans>
          </p>
          <CategorySuggestions />
          {narrowed && (
            <Link to="/products">
              <Trans>See all products</Trans>
            </Link>
          )}
        </div>
      )}
      {loading && (
        <p className={shared.note} role="status">
          <Trans>Loading...</Trans>
        </p>
      )}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" data-testid="load-more-sentinel" />
    </section>
  );
}
