import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type Brand = components["schemas"]["BrandView"];

/** GET /api/store/brands: the catalogue lists brands to logged-in shoppers. */
export async function getBrands(): Promise<Brand[]> {
  const { data } = await api.get<Brand[]>("/store/brands");
  return data;
}

export const brandsQuery = queryOptions({ queryKey: ["store", "brands"], queryFn: getBrands });

export function useBrands({ enabled }: { enabled: boolean }) {
  return useQuery({ ...brandsQuery, enabled });
}
