// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { cart, order, storeSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

const PATH = `/orders/${order.orderNumber}`;

function shopper() {
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(storeSession)),
    http.get("/api/store/cart", () => HttpResponse.json(cart)),
  );
}

describe("the order page", () => {
  it("shows Loading... until the order arrives, then the order and its total", async () => {
    shopper();
    apiServer.use(
      http.get(`/api/orders/${order.orderNumber}`, async () => {
        await delay(50);
        return HttpResponse.json(order);
      }),
    );
    renderApp(PATH);
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Thank you! Your order is placed" })).toBeTruthy();
    expect(screen.getAllByText(order.orderNumber, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getAllByText("₹238.93").length).toBeGreaterThan(0);
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("says an unknown order is not found", async () => {
    shopper();
    apiServer.use(
      http.get(`/api/orders/${order.orderNumber}`, () =>
        HttpResponse.json({ error: { code: "not_found", message: "We could not find that order." } }, { status: 404 }),
      ),
    );
    renderApp(PATH);
    expect(await screen.findByRole("heading", { name: "Order not found" })).toBeTruthy();
    expect(screen.getByText("Not found.")).toBeTruthy(); // the app's words for not_found
  });

  it("says when the order could not be loaded, in the app's words for its code", async () => {
    shopper();
    apiServer.use(
      http.get(`/api/orders/${order.orderNumber}`, () =>
        HttpResponse.json({ error: { code: "upstream_unavailable", message: "Orders are not available right now." } }, { status: 503 }),
      ),
    );
    renderApp(PATH);
    expect(await screen.findByRole("heading", { name: "The order could not be loaded" })).toBeTruthy();
    expect(screen.getByText("The service is not reachable right now. Please try again later.")).toBeTruthy();
  });
});
