// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { addresses, cart, pincode, storeSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

describe("the address book's page", () => {
  it("lists the book, makes an address the default and takes one out, each by its call", async () => {
    const asked: string[] = [];
    apiServer.use(
      http.get("/api/session", () => HttpResponse.json(storeSession)),
      http.get("/api/store/cart", () => HttpResponse.json(cart)),
      http.get("/api/addresses", () => HttpResponse.json(addresses)),
      // The store's shell takes the last-used address's pin code as the store's (no pin code chosen yet).
      http.put("/api/checkout/delivery-area", () => HttpResponse.json({ area: { ...pincode, pincode: "122015" } })),
      http.put("/api/addresses/:id/default", ({ params }) => {
        asked.push(`default ${String(params.id)}`);
        return HttpResponse.json({ ...addresses.addresses[1], default: true });
      }),
      http.delete("/api/addresses/:id", ({ params }) => {
        asked.push(`remove ${String(params.id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp("/addresses");
    expect(await screen.findByRole("heading", { level: 1, name: "My addresses" })).toBeTruthy();
    const rows = await screen.findAllByTestId("saved-address");
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain("Plot 44, Sector 18");
    expect(rows[0].textContent).toContain("Last used");
    fireEvent.click(screen.getByRole("button", { name: /^Make Ramesh Kumar, Shop 12/ }));
    await waitFor(() => expect(asked).toEqual(["default 1"]));
    fireEvent.click(screen.getByRole("button", { name: /^Remove Ramesh Kumar, Plot 44/ }));
    await waitFor(() => expect(asked).toEqual(["default 1", "remove 2"]));
    // A new address's form, the checkout's fields, the logged-in mobile filled in.
    expect(screen.getByRole("heading", { name: "Add a new address" })).toBeTruthy();
    expect((screen.getByLabelText("Mobile number") as HTMLInputElement).value).toBe("9876543210");
  });
});
