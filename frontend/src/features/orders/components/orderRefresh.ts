import type { PlacedOrder } from "../api/get-order";

/** How often an open order page asks again while the order can still move (a reload is not needed). */
export const ORDER_REFRESH_MS = 15_000;

/** Delivered, cancelled and returned orders move no further: nothing to ask for. */
const FINAL = new Set<PlacedOrder["status"]>(["delivered", "cancelled", "returned"]);

/** The order query's refetch interval: every 15 s until the order reaches a final state (or was
 * never read), and while a return of it is still on its way to being refunded. */
export function orderRefreshInterval(status: PlacedOrder["status"] | undefined, openReturn = false): number | false {
  if (openReturn) return ORDER_REFRESH_MS;
  return status === undefined || FINAL.has(status) ? false : ORDER_REFRESH_MS;
}
