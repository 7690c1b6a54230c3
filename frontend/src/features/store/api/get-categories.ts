import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { takeSent } from "../../../lib/sent-data";

export type Category = components["schemas"]["CategoryListItem"];

/** The element the gateway writes them into, on the store's list pages (gateway/store/first_page.py). */
const CATEGORIES_ELEMENT = "store-categories";

/** GET /api/store/categories: the store's categories in its order, with product counts (no login
 * needed). The first answer came with the page where the gateway sent it. */
export async function getCategories(): Promise<Category[]> {
  const sent = takeSent<Category[]>(CATEGORIES_ELEMENT);
  if (sent) return sent;
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
