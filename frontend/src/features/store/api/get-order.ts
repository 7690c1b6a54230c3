import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type PlacedOrder = components["schemas"]["PlacedOrder"];

/** GET /api/checkout/orders/{n}: the order; a pending online payment is re-checked on the way. */
export async function getOrder(orderNumber: string): Promise<PlacedOrder> {
  const { data } = await api.get<PlacedOrder>(`/checkout/orders/${orderNumber}`);
  return data;
}

export const orderQuery = (orderNumber: string) =>
  queryOptions({ queryKey: ["checkout", "order", orderNumber], queryFn: () => getOrder(orderNumber), retry: false });

export function useOrder(orderNumber: string) {
  return useQuery(orderQuery(orderNumber));
}
