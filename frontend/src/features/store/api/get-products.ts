import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { SENT_PAGE_FRESH_MS, sentFirstPage } from "./first-page";

export type ProductList = components["schemas"]["ProductListView"];

export const PAGE_SIZE = 12;

export type ProductSort = "priceAsc" | "priceDesc";

/** What narrows and orders the list; every field is optional, absent means the whole catalogue in its order. */
export interface ProductFilters {
  search?: string;
  category?: string;
  brandId?: number;
  sort?: ProductSort;
}

/** GET /api/store/products: one page of the catalogue, optionally searched, filtered and sorted. */
export async function getProducts(page: number, filters: ProductFilters): Promise<ProductList> {
  const { data } = await api.get<ProductList>("/store/products", {
    params: {
      page,
      pageSize: PAGE_SIZE,
      search: filters.search || undefined,
      category: filters.category || undefined,
      brandId: filters.brandId,
      sort: filters.sort,
    },
  });
  return data;
}

export function productsQuery(filters: ProductFilters) {
  const key = {
    search: filters.search ?? "",
    category: filters.category ?? "",
    brandId: filters.brandId ?? 0,
    sort: filters.sort ?? "",
  };
  return infiniteQueryOptions({
    queryKey: ["store", "products", key],
    queryFn: ({ pageParam }) => getProducts(pageParam, filters),
    initialPageParam: 1,
    // A page shorter than the page size is the last one.
    getNextPageParam: (last, pages) => (last.records.length >= PAGE_SIZE ? pages.length + 1 : undefined),
  });
}

const wholeCatalogue = (filters: ProductFilters) => !filters.search && !filters.category && !filters.brandId && !filters.sort;

/** The list for one search and set of filters, 12 more at a time; a change starts again at page 1.
 * The whole catalogue starts from the page the gateway sent with the HTML, when it sent one. */
export function useProducts(filters: ProductFilters) {
  const sent = wholeCatalogue(filters) ? sentFirstPage() : undefined;
  return useInfiniteQuery({
    ...productsQuery(filters),
    initialData: sent && { pages: [sent.list], pageParams: [1] },
    initialDataUpdatedAt: sent?.at,
    // That page is as fresh as an answer fetched when it was read (not asked for again at once);
    // anything fetched here goes stale at once, as before.
    staleTime: (query) => (query.state.dataUpdateCount === 0 ? SENT_PAGE_FRESH_MS : 0),
  });
}
