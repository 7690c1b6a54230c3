import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type Category = components["schemas"]["CategoryListItem"];

/** GET /api/store/categories: the store's categories in its order, with product counts (no login needed). */
export async function getCategories(): Promise<Category[]> {
  const { data } = await api.get<Category[]>("/store/categories");
  return data;
}

// The list changes with a catalogue release, not while a shopper browses.
export const categoriesQuery = queryOptions({
  queryKey: ["store", "categories"],
  queryFn: getCategories,
  staleTime: 10 * 60_000,
});

export function useCategories() {
  return useQuery(categoriesQuery);
}
