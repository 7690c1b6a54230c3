// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { cart, storeSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

const loggedIn = http.get("/api/session", () => HttpResponse.json(storeSession));

describe("the cart page", () => {
  it("shows Loading... until the cart arrives, then its lines and subtotal", async () => {
    apiServer.use(
      loggedIn,
      http.get("/api/store/cart", async () => {
        await delay(50);
        return HttpResponse.json(cart);
      }),
    );
    renderApp("/shopping-cart");
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: /Shopping Cart \(3 items\)/ })).toBeTruthy();
    expect(screen.getAllByTestId("cart-line").map((line) => line.querySelector("dd")?.textContent)).toEqual([
      "Trikon PVC Conduit Pipe 20mm",
      "Orbitron 6A One-Way Switch",
    ]);
    expect(screen.getByText(/Subtotal \(3 items\)/).textContent).toContain("₹139.93");
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("says so when the cart is empty, with the way back to the store", async () => {
    apiServer.use(loggedIn, http.get("/api/store/cart", () => HttpResponse.json({ items: [], count: 0, subtotal: "0.00" })));
    renderApp("/shopping-cart");
    expect(await screen.findByRole("heading", { name: "No item added in cart" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to Store" })).toBeTruthy();
  });

  it("sends a logged-out shopper to the login", async () => {
    apiServer.use(http.get("/api/session", () => HttpResponse.json({ portal: null, store: null })));
    const app = renderApp("/shopping-cart");
    await waitFor(() => expect(app.path()).toBe("/login"));
  });

  it("shows the cart the gateway answers after a change", async () => {
    const more = { ...cart, count: 4, subtotal: "190.77", items: [{ ...cart.items[0], quantity: 3, linePrice: "152.52" }, cart.items[1]] };
    let kept = cart; // the gateway's cart
    apiServer.use(
      loggedIn,
      http.get("/api/store/cart", () => HttpResponse.json(kept)),
      http.post("/api/store/cart/items/1/increment", () => HttpResponse.json((kept = more))),
    );
    renderApp("/shopping-cart");
    await screen.findByRole("heading", { name: /3 items/ });
    fireEvent.click(screen.getAllByRole("button", { name: /^Increase quantity/ })[0]);
    expect(await screen.findByRole("heading", { name: /Shopping Cart \(4 items\)/ })).toBeTruthy();
    expect(screen.getByText(/Subtotal \(4 items\)/).textContent).toContain("₹190.77");
  });
});
