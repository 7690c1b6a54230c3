import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type PlaceOrderRequest = components["schemas"]["PlaceOrderRequest"];
export type PlacedOrder = components["schemas"]["PlacedOrder"];

/** POST /api/checkout/orders. The Idempotency-Key makes a retry, a double click or a reload place one order. */
export async function placeOrder(request: PlaceOrderRequest, idempotencyKey: string): Promise<PlacedOrder> {
  const { data } = await api.post<PlacedOrder>("/checkout/orders", request, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return data;
}

export function usePlaceOrder() {
  return useMutation({
    mutationFn: ({ request, key }: { request: PlaceOrderRequest; key: string }) => placeOrder(request, key),
  });
}
