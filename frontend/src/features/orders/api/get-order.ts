import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { orderRefreshInterval } from "../components/orderRefresh";

export type PlacedOrder = components["schemas"]["PlacedOrder"];

/** GET /api/orders/{n}: the order; a pending online payment is re-checked on the way. */
export async function getOrder(orderNumber: string): Promise<PlacedOrder> {
  const { data } = await api.get<PlacedOrder>(`/orders/${orderNumber}`);
  return data;
}

export const orderQuery = (orderNumber: string) =>
  queryOptions({ queryKey: ["orders", "order", orderNumber], queryFn: () => getOrder(orderNumber), retry: false });

/** The order, read again every 15 s while it can still move, so its timeline moves without a reload. */
export function useOrder(orderNumber: string) {
  return useQuery({
    ...orderQuery(orderNumber),
    refetchInterval: (query) => {
      const order = query.state.data;
      return orderRefreshInterval(order?.status, order?.returns?.some((r) => r.status !== "refunded") ?? false);
    },
    // Not while the tab is hidden: coming back to it reads the order again at the next tick.
    refetchIntervalInBackground: false,
  });
}
