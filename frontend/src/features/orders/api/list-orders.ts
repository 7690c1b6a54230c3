import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type OrderList = components["schemas"]["OrderList"];
export type OrderListItem = components["schemas"]["OrderListItem"];

/** GET /api/orders?page=: the shopper's orders, newest first, ten a page. */
export async function listOrders(page: number): Promise<OrderList> {
  const { data } = await api.get<OrderList>("/orders", { params: { page } });
  return data;
}

export const ordersQuery = infiniteQueryOptions({
  queryKey: ["orders", "list"],
  queryFn: ({ pageParam }) => listOrders(pageParam),
  initialPageParam: 1,
  getNextPageParam: (last: OrderList) => (last.page < last.totalPages ? last.page + 1 : undefined),
  retry: false,
});

/** Every page read so far ('Load more' reads the next); only for a logged-in shopper. */
export function useOrders({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...ordersQuery, enabled });
}
