import { useEffect, useRef, useState } from "react";
import { PAGE_SIZE, fetchProducts, type Product } from "../api";
import { ProductCard } from "./ProductCard";

const DEBOUNCE_MS = 500;

/** Search (debounced 500 ms) and the product list, 12 more each time its end scrolls into view. */
export function ProductGrid() {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<Product[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const next = text.trim();
      if (next === query) return;
      // A new search starts again at page 1 with an empty list.
      setItems([]);
      setHasMore(true);
      setLoading(true); // keeps the scroll watcher off until page 1 of the new search is in
      setPage(1);
      setQuery(next);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, query]);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setFailed(false);
    fetchProducts(page, query)
      .then((answer) => {
        if (cancelled) return;
        setItems((previous) => {
          const base = page === 1 ? [] : previous;
          const seen = new Set(base.map((p) => p.id));
          return [...base, ...answer.records.filter((p) => !seen.has(p.id))];
        });
        // A page shorter than the page size is the last one.
        setHasMore(answer.records.length >= PAGE_SIZE);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // The specification only logs a failed list; nothing is shown.
        console.warn("Store: products could not be loaded", error);
        setFailed(true);
        setHasMore(false);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [page, query]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setPage((p) => p + 1);
      },
      { rootMargin: "100px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, items.length]);

  return (
    <section className="product-section" aria-labelledby="products-heading">
      <div className="product-section-head">
        <h2 id="products-heading">Products</h2>
        <div className="store-search">
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
      <ul className="product-grid" aria-busy={loading}>
        {items.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      {!loading && !failed && items.length === 0 && <p className="store-empty-note">No products found.</p>}
      {loading && (
        <p className="store-loading-note" role="status">
          Loading...
        </p>
      )}
      <div ref={sentinel} className="scroll-sentinel" aria-hidden="true" />
    </section>
  );
}
