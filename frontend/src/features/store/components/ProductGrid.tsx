import { useEffect, useMemo, useRef, useState } from "react";
import type { Product } from "../api/get-product";
import { useProducts } from "../api/get-products";
import { ProductCard } from "./ProductCard";
import shared from "../store.module.css";
import styles from "./ProductGrid.module.css";

const DEBOUNCE_MS = 500;

/** Search (debounced 500 ms) and the product list, 12 more each time its end scrolls into view. */
export function ProductGrid() {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  // A new search is a new list, starting again at page 1.
  const { data, isFetching: loading, isError: failed, error, hasNextPage, fetchNextPage } = useProducts(query);
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

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    // The specification only logs a failed list; nothing is shown.
    if (failed) console.warn("Store: products could not be loaded", error);
  }, [failed, error]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: "100px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, items.length, fetchNextPage]);

  return (
    <section aria-labelledby="products-heading">
      <div className={styles.head}>
        <h2 id="products-heading" className={shared.sectionTitle}>Products</h2>
        <div className={styles.search}>
          <label htmlFor="store-search" className="visually-hidden">
            Search products
          </label>
          <input
            id="store-search"
            type="search"
            placeholder="Search products"
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </div>
      <ul className={styles.grid} aria-busy={loading}>
        {items.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      {!loading && !failed && items.length === 0 && <p className={shared.note}>No products found.</p>}
      {loading && (
        <p className={shared.note} role="status">
          Loading...
        </p>
      )}
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
    </section>
  );
}
