import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { ProductFilters, ProductSort } from "../api/get-products";

const SORTS: readonly ProductSort[] = ["priceAsc", "priceDesc"];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The list's filters read from the address (`?search=&category=&brandId=&sort=`); anything malformed is ignored. */
export function readFilters(params: URLSearchParams): ProductFilters {
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const category = params.get("category") ?? "";
  const brandId = Number(params.get("brandId"));
  const sort = params.get("sort") as ProductSort | null;
  return {
    search: search || undefined,
    category: SLUG.test(category) && category.length <= 60 ? category : undefined,
    brandId: Number.isInteger(brandId) && brandId > 0 ? brandId : undefined,
    sort: sort && SORTS.includes(sort) ? sort : undefined,
  };
}

/** Where the list is for the given filters, e.g. `/products?category=fans&sort=priceAsc`. */
export function browseHref(filters: ProductFilters, path = "/products"): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.category) params.set("category", filters.category);
  if (filters.brandId) params.set("brandId", String(filters.brandId));
  if (filters.sort) params.set("sort", filters.sort);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The filters live in the address, so back / forward and a shared link show the same list.
 * A choice (category, brand, sort) is a new history entry; the typed search replaces the
 * current one, so Back does not step through every word typed.
 */
export function useBrowseFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const update = useCallback(
    (change: Partial<ProductFilters>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = { ...readFilters(current), ...change };
          return new URLSearchParams(browseHref(next, "").replace(/^\?/, ""));
        },
        { replace, preventScrollReset: true },
      );
    },
    [setParams],
  );
  return { filters, update };
}
