// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { addresses, cart, storeSession } from "../../../testing/gateway-answers";
import { apiServer } from "../../../testing/api-server";
import { renderApp } from "../../../testing/render-app";

const gurugram = { pincode: "122015", city: "Gurugram", state: "Haryana", serviceable: true, delivery: null, hours: null };

describe("the store's delivery pin code", () => {
  it("is the last-used address's after a login, not asked for again", async () => {
    const chosen: string[] = [];
    // The address used last is the book's second (the default comes first).
    const book = {
      ...addresses,
      addresses: [
        { ...addresses.addresses[1], default: true, lastUsed: false },
        { ...addresses.addresses[0], lastUsed: true },
      ],
    };
    apiServer.use(
      http.get("/api/session", () => HttpResponse.json(storeSession)),
      http.get("/api/store/cart", () => HttpResponse.json(cart)),
      http.get("/api/store/brands", () => HttpResponse.json([])),
      http.get("/api/store/categories", () => HttpResponse.json([])),
      http.get("/api/store/products", () => HttpResponse.json({ records: [], page: 1, pageSize: 12, hasMore: false })),
      http.get("/api/addresses", () => HttpResponse.json(book)),
      http.put("/api/checkout/delivery-area", async ({ request }) => {
        const { pincode } = (await request.json()) as { pincode: string };
        chosen.push(pincode);
        document.cookie = `pincode=${pincode}; path=/`; // as the gateway's Set-Cookie does
        return HttpResponse.json({ area: gurugram });
      }),
      http.get("/api/checkout/pincodes/122015", () => HttpResponse.json(gurugram)),
    );
    renderApp("/products");
    await waitFor(() => expect(chosen).toEqual(["122015"]));
    expect((await screen.findByTestId("delivery-area")).textContent).toContain("Deliver to Gurugram 122015");
    document.cookie = "pincode=; path=/; max-age=0";
  });
});
