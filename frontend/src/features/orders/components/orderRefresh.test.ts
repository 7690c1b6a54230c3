import { describe, expect, it } from "vitest";
import { ORDER_REFRESH_MS, orderRefreshInterval } from "./orderRefresh";

describe("orderRefreshInterval", () => {
  it("asks again every 15 s while the order can still move", () => {
    expect(ORDER_REFRESH_MS).toBe(15_000);
    for (const status of ["placed", "packed", "shipped", "outForDelivery"] as const) {
      expect(orderRefreshInterval(status)).toBe(ORDER_REFRESH_MS);
    }
  });

  it("stops once the order is delivered, cancelled or returned", () => {
    for (const status of ["delivered", "cancelled", "returned"] as const) {
      expect(orderRefreshInterval(status)).toBe(false);
    }
  });

  it("does not poll an order it could not read", () => {
    expect(orderRefreshInterval(undefined)).toBe(false);
  });
});
