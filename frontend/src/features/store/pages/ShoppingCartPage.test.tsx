// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { cart, cartCharges, storeSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

const loggedIn = http.get("/api/session", () => HttpResponse.json(storeSession));
const charges = http.get("/api/store/cart/charges", () => HttpResponse.json(cartCharges));

/** What a screen reader reads after a button's name: the text of the elements it is described by. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("the cart page", () => {
  it("shows Loading... until the cart arrives, then its lines and subtotal", async () => {
    apiServer.use(
      loggedIn,
      charges,
      http.get("/api/store/cart", async () => {
        await delay(50);
        return HttpResponse.json(cart);
      }),
    );
    renderApp("/shopping-cart");
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: /Shopping Cart \(3 items\)/ })).toBeTruthy();
    expect(screen.getAllByTestId("cart-line").map((line) => line.querySelector("h2")?.textContent)).toEqual([
      "Trikon PVC Conduit Pipe 20mm",
      "Orbitron 6A One-Way Switch",
    ]);
    // Each line: its total, the unit price labelled as one, the M.R.P. struck (it is higher) and the saving.
    expect(screen.getAllByTestId("line-price").map((price) => price.textContent)).toEqual(["₹101.68", "₹38.25"]);
    expect(screen.getAllByTestId("unit-price")[0].textContent).toBe("2 × ₹50.84 each M.R.P. ₹62.00 · 18% off");
    expect(screen.getAllByTestId("unit-price")[0].querySelector("s")?.textContent).toBe("₹62.00");
    expect(screen.getAllByTestId("line-saving").map((saving) => saving.textContent)).toEqual(["You save ₹22.32", "You save ₹6.75"]);
    expect(screen.getByTestId("cart-saving").textContent).toBe("You save ₹29.07 on M.R.P.");
    expect(screen.queryByText("Product Name")).toBeNull();
    expect(screen.queryByText(/Limited time deal/)).toBeNull();
    expect(screen.getByText(/Subtotal \(3 items\)/).textContent).toContain("₹139.93");
    expect(screen.queryByText("Loading...")).toBeNull();
  });

  it("shows each line's picture as the list does: the smaller files, sized for the line's column", async () => {
    apiServer.use(loggedIn, charges, http.get("/api/store/cart", () => HttpResponse.json(cart)));
    renderApp("/shopping-cart");
    await screen.findByRole("heading", { name: /Shopping Cart/ });
    const [first] = screen.getAllByTestId("cart-line");
    const sources = [...first.querySelectorAll("picture > source")];
    expect(sources.map((source) => [source.getAttribute("type"), source.getAttribute("srcset")])).toEqual(
      cart.items[0].pictureSources.map((source) => [source.type, source.srcset]),
    );
    expect(sources[0].getAttribute("sizes")).toBe("(max-width: 479px) 72px, (min-width: 640px) 120px, 96px");
    // The catalogue's own picture is left for a browser that shows neither format.
    expect(first.querySelector("picture > img")?.getAttribute("src")).toBe(cart.items[0].filePath1);
  });

  it("says so when the cart is empty, with the way back to the store", async () => {
    apiServer.use(loggedIn, http.get("/api/store/cart", () => HttpResponse.json({ items: [], count: 0, subtotal: "0.00", saving: "0.00" })));
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
      charges,
      http.get("/api/store/cart", () => HttpResponse.json(kept)),
      http.post("/api/store/cart/items/1/increment", () => HttpResponse.json((kept = more))),
    );
    renderApp("/shopping-cart");
    await screen.findByRole("heading", { name: /3 items/ });
    fireEvent.click(screen.getAllByRole("button", { name: /^Increase quantity/ })[0]);
    expect(await screen.findByRole("heading", { name: /Shopping Cart \(4 items\)/ })).toBeTruthy();
    expect(screen.getByText(/Subtotal \(4 items\)/).textContent).toContain("₹190.77");
  });

  it("shows every fee the orders service charges and what removes them, as it prices them", async () => {
    apiServer.use(loggedIn, charges, http.get("/api/store/cart", () => HttpResponse.json(cart)));
    renderApp("/shopping-cart");
    expect((await screen.findByTestId("cart-convenience-fee")).textContent).toBe("₹79.00");
    expect(screen.getByTestId("cart-platform-fee").textContent).toBe("₹20.00");
    expect(screen.getByTestId("cart-gst").textContent).toBe("₹36.48");
    expect(screen.getByTestId("cart-total").textContent).toBe("₹238.93");
    expect(screen.getByTestId("cart-fee-hint").textContent).toBe(
      "Add ₹1,059.07 more for no convenience or platform fee (none on orders of ₹1,199.00 or more).",
    );
  });

  it("says when the fees cannot be worked out instead of guessing them", async () => {
    apiServer.use(
      loggedIn,
      http.get("/api/store/cart", () => HttpResponse.json(cart)),
      http.get("/api/store/cart/charges", () => HttpResponse.json({ error: { code: "upstream_unavailable", message: "x", field: null } }, { status: 503 })),
    );
    renderApp("/shopping-cart");
    expect(await screen.findByText(/The fees could not be worked out right now/)).toBeTruthy();
    expect(screen.queryByTestId("cart-total")).toBeNull();
  });

  it("caps a line at its stock: plus is off, 'Only N left', and a line above it offers the fix", async () => {
    const short = { ...cart, items: [{ ...cart.items[0], quantity: 3, stockQuantity: 2 }, { ...cart.items[1], stockQuantity: 1 }] };
    let setTo: unknown = null;
    apiServer.use(
      loggedIn,
      charges,
      http.get("/api/store/cart", () => HttpResponse.json(short)),
      http.put("/api/store/cart/items/1", async ({ request }) => {
        setTo = await request.json();
        return HttpResponse.json(short);
      }),
    );
    renderApp("/shopping-cart");
    const plus = await screen.findAllByRole("button", { name: /^Increase quantity/ });
    expect(plus.map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, true]);
    expect(screen.getAllByTestId("line-stock").map((note) => note.textContent)).toEqual(["Only 2 left Change to 2", "Only 1 left"]);
    expect((screen.getByRole("button", { name: "Proceed to Payment" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Change to 2" }));
    await waitFor(() => expect(setTo).toEqual({ quantity: 2 }));
  });

  it("says why + is off at the stock, read with the button", async () => {
    const atStock = { ...cart, items: [{ ...cart.items[0], quantity: 250 }, cart.items[1]] };
    apiServer.use(loggedIn, charges, http.get("/api/store/cart", () => HttpResponse.json(atStock)));
    renderApp("/shopping-cart");
    const plus = await screen.findByRole("button", { name: "Increase quantity of Trikon PVC Conduit Pipe 20mm" });
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    expect(description(plus)).toBe("Only 250 left");
    // Below its stock, + says nothing more.
    const other = screen.getByRole("button", { name: "Increase quantity of Orbitron 6A One-Way Switch" });
    expect(description(other)).toBe("");
  });
});
