import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type ProductList = components["schemas"]["ProductListView"];

export const PAGE_SIZE = 12;

/** GET /api/store/products: one page of the catalogue, optionally searched. */
export async function getProducts(page: number, search: string): Promise<ProductList> {
  const params: Record<string, string | number> = { page, pageSize: PAGE_SIZE };
  if (search) params.search = search;
  const { data } = await api.get<ProductList>("/store/products", { params });
  return data;
}

export function productsQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: ["store", "products", search],
    queryFn: ({ pageParam }) => getProducts(pageParam, search),
    initialPageParam: 1,
    // A page shorter than the page size is the last one.
    getNextPageParam: (last, pages) => (last.records.length >= PAGE_SIZE ? pages.length + 1 : undefined),
  });
}

/** The list for one search, 12 more at a time. */
export function useProducts(search: string) {
  return useInfiniteQuery(productsQuery(search));
}
