/**
 * What the checkout's and the order pages' first renders read of the gateway, answered for the
 * logged-in shopper of gateway-answers.ts (their order on credit): one list for the tests of both.
 */
import { http, HttpResponse } from "msw";
import { addresses, cart, order, orders, pincode, quote, storeSession } from "./gateway-answers";

export const storefrontReads = [
  http.get("/api/session", () => HttpResponse.json(storeSession)),
  http.get("/api/store/cart", () => HttpResponse.json(cart)),
  http.get("/api/addresses", () => HttpResponse.json(addresses)),
  http.get("/api/checkout/pincodes/:pin", ({ params }) => HttpResponse.json({ ...pincode, pincode: String(params.pin) })),
  http.post("/api/checkout/quote", () => HttpResponse.json(quote)),
  http.get("/api/orders", () => HttpResponse.json(orders)),
  http.get(`/api/orders/${order.orderNumber}`, () =>
    HttpResponse.json({ ...order, payment: { ...order.payment, method: "credit", state: "onCredit", creditDueOn: "2026-11-26" } }),
  ),
];
