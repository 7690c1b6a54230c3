import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type Product = components["schemas"]["ProductView"];

/** GET /api/store/products/{id}: one product. */
export async function getProduct(id: number): Promise<Product> {
  const { data } = await api.get<Product>(`/store/products/${id}`);
  return data;
}

/** Read again when the login changes: a logged-in shopper's product carries their cart quantity. */
export function productQuery(id: number, verified: boolean | null) {
  return queryOptions({ queryKey: ["store", "product", id, verified], queryFn: () => getProduct(id) });
}

export function useProduct(id: number, { enabled, verified }: { enabled: boolean; verified: boolean | null }) {
  // The product stays on screen while it is read again for a new login.
  return useQuery({ ...productQuery(id, verified), enabled, placeholderData: keepPreviousData });
}
