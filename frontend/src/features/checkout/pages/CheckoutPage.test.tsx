// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { addresses, cart, order, pincode, quote, storeSession } from "../../../testing/gateway-answers";
import { announceTakeOver } from "../../../lib/worker-takeover";
import { renderApp } from "../../../testing/render-app";

/** A shopper with a cart and saved addresses, the last used one deliverable, priced at `quote`. */
function shopperReadyToOrder() {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(storeSession)),
    http.get("/api/store/cart", () => HttpResponse.json(cart)),
    http.get("/api/addresses", async () => {
      await delay(30);
      return HttpResponse.json(addresses);
    }),
    http.get("/api/checkout/pincodes/:pin", ({ params }) => HttpResponse.json({ ...pincode, pincode: String(params.pin) })),
    http.post("/api/checkout/quote", () => HttpResponse.json(quote)),
    http.get(`/api/orders/${order.orderNumber}`, () => HttpResponse.json(order)),
  );
}

const CASH = { paymentType: "cash" }; // the cart's choice, carried to the checkout

/** Once the page has priced the order: Place order pressed when it may be, the order's page shown. */
async function placeOrderAndSeeIt(app: ReturnType<typeof renderApp>) {
  await waitFor(() => expect(screen.getByTestId("summary-total").textContent).toBe("₹238.93"));
    const place = screen.getByRole("button", { name: "Place order" });
    await waitFor(() => expect((place as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(place);
    await waitFor(() => expect(app.path()).toBe(`/orders/${order.orderNumber}`));
    expect(await screen.findByRole("heading", { name: "Thank you! Your order is placed" })).toBeTruthy();
}

describe("the checkout page", () => {
  it("loads the addresses, prices the order and places it, then shows the order", async () => {
    shopperReadyToOrder();
    const keys: (string | null)[] = [];
    apiServer.use(
      http.post("/api/checkout/orders", ({ request }) => {
        keys.push(request.headers.get("Idempotency-Key"));
        return HttpResponse.json(order);
      }),
    );
    const app = renderApp("/checkout", CASH);
    // The first render of the file waits for the route's chunk and catalog: give a busy machine time.
    expect(await screen.findByText("Loading...", {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText(/Last used/)).toBeTruthy();
    await placeOrderAndSeeIt(app);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it("asks for no quote while the order is placed or after: the service worker's re-read would have it refused", async () => {
    shopperReadyToOrder();
    let placed = false;
    const quotedAfter: string[] = [];
    apiServer.use(
      http.get("/api/store/cart", () => HttpResponse.json(placed ? { ...cart, items: [], count: 0 } : cart)),
      http.post("/api/checkout/quote", () => {
        if (!placed) return HttpResponse.json(quote);
        quotedAfter.push("quote");
        // The gateway's answer for a cart already ordered (a console error on the order's page).
        return HttpResponse.json({ error: { code: "cart_changed", message: "Your cart has changed." } }, { status: 409 });
      }),
      http.post("/api/checkout/orders", async () => {
        placed = true;
        // The worker's first take-over of a first visit re-reads every active read (a full e2e
        // run's came just as the order was placed: the quote, 409, an error on the order's page).
        announceTakeOver();
        await delay(20);
        return HttpResponse.json(order);
      }),
    );
    const app = renderApp("/checkout", CASH);
    expect(await screen.findByText(/Last used/, {}, { timeout: 5000 })).toBeTruthy();
    await placeOrderAndSeeIt(app);
    expect(quotedAfter).toEqual([]);
  });

  it("after a 503 shows the app's words for its code, and the retry carries the same Idempotency-Key", async () => {
    shopperReadyToOrder();
    const keys: (string | null)[] = [];
    apiServer.use(
      http.post("/api/checkout/orders", ({ request }) => {
        keys.push(request.headers.get("Idempotency-Key"));
        return keys.length === 1
          ? HttpResponse.json({ error: { code: "upstream_unavailable", message: "The orders service is not answering." } }, { status: 503 })
          : HttpResponse.json(order);
      }),
    );
    const app = renderApp("/checkout", CASH);
    const place = await screen.findByRole("button", { name: "Place order" });
    await waitFor(() => expect((place as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(place);
    expect((await screen.findByRole("alert")).textContent).toBe("The service is not reachable right now. Please try again later."); // the app's words for the code
    expect(app.path()).toBe("/checkout");
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(app.path()).toBe(`/orders/${order.orderNumber}`));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("says when the order cannot be priced, and does not offer to place it", async () => {
    shopperReadyToOrder();
    apiServer.use(
      http.post("/api/checkout/quote", () =>
        HttpResponse.json({ error: { code: "upstream_unavailable", message: "Prices are not available right now." } }, { status: 503 }),
      ),
    );
    renderApp("/checkout", CASH);
    expect((await screen.findByRole("alert")).textContent).toBe("The service is not reachable right now. Please try again later.");
    expect((screen.getByRole("button", { name: "Place order" }) as HTMLButtonElement).disabled).toBe(true);
  });
  it("says why cash on delivery is not offered today and keeps the other ways to pay", async () => {
    shopperReadyToOrder();
    const why =
      "Cash on delivery is limited to ₹50,000.00 a day. With your cash orders today (₹38,000.00), this order of ₹238.93 would go past it. Please pay online or with VoltKhata Credit.";
    apiServer.use(
      http.post("/api/checkout/quote", () =>
        HttpResponse.json({ ...quote, cash: { offered: false, message: why, limit: "50000.00", usedToday: "38000.00" } }),
      ),
    );
    renderApp("/checkout", CASH);
    expect((await screen.findByTestId("cash-refused")).textContent).toBe(why);
    expect(screen.getByTestId("cash-refused").getAttribute("role")).toBe("alert");
    await waitFor(() => expect(screen.getByTestId("summary-total").textContent).toBe("₹238.93"));
    expect((screen.getByRole("button", { name: "Place order" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Online/ }));
    await waitFor(() => expect(screen.getByTestId("cash-refused").getAttribute("role")).toBeNull());
  });
});
