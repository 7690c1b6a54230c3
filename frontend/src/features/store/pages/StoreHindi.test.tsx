// @vitest-environment jsdom
// The store's list and cart in Hindi: the app's own words from the store's catalog, the
// catalogue's (names, brands, amounts) as they come.
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { components } from "../../../api/schema";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { cart, storeSession } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";

const product = {
  id: 7,
  productName: "Orbitron 6A One-Way Switch",
  productDetail: "मॉड्यूलर, 1 मॉड्यूल",
  filePath1: null,
  listingPrice: "38.25",
  mrp: "45.00",
  priceText: "₹38.25",
  mrpText: "₹45.00",
  discount: null,
  ratings: 4.5,
  discountToMerchant: "15",
  distributorId: 1,
  quantity: 0,
  brandId: 5,
  brandName: "Orbitron",
  category: { slug: "switches", name: "स्विच" },
  hsnCode: "8536",
  gstRate: "18",
  packSize: null,
  warranty: null,
  stockQuantity: 40,
} satisfies components["schemas"]["ProductView"];

beforeEach(async () => {
  await ensureCatalog(sharedCatalog);
  await activateLocale("hi");
  apiServer.use(
    http.get("/api/session", () => HttpResponse.json(storeSession)),
    http.get("/api/store/cart", () => HttpResponse.json(cart)),
    http.get("/api/store/brands", () => HttpResponse.json([])),
    http.get("/api/store/categories", () => HttpResponse.json([{ slug: "switches", name: "स्विच", productCount: 1 }])),
    http.get("/api/store/products", () => HttpResponse.json({ records: [product], page: 1, pageSize: 12, hasMore: false })),
  );
});

afterEach(() => activateLocale("en"));

describe("the store in Hindi", { timeout: 20_000 }, () => {
  it("shows the product list's words in Hindi", async () => {
    renderApp("/products");
    const card = await screen.findByTestId("product-card", {}, { timeout: 5000 });
    // Each button named by its action and the product (a list of results, not one product).
    expect(within(card).getByRole("button", { name: `कार्ट में डालें ${product.productName}` })).toBeTruthy();
    expect(within(card).getByRole("button", { name: `अभी खरीदें ${product.productName}` })).toBeTruthy();
    expect(within(card).getByText("15% छूट")).toBeTruthy();
    expect(within(card).getByRole("img", { name: "5 में से 4.5 रेटिंग" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "प्रोडक्ट" })).toBeTruthy();
    expect(screen.getByPlaceholderText("प्रोडक्ट खोजें")).toBeTruthy();
    expect(screen.getByRole("link", { name: "सभी" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "English" })).toBeTruthy(); // the switch back, in the store's header
    expect(screen.getByRole("link", { name: "कार्ट, 3 आइटम" })).toBeTruthy();
  });

  it("shows the cart's words in Hindi", async () => {
    renderApp("/shopping-cart");
    expect(await screen.findByRole("heading", { name: "शॉपिंग कार्ट (3 आइटम)" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByTestId("unit-price").map((unit) => unit.textContent)).toEqual([
      "2 × ₹50.84 प्रति नग M.R.P. ₹62.00 · 18% छूट",
      "1 × ₹38.25 प्रति नग M.R.P. ₹45.00 · 15% छूट",
    ]);
    expect(screen.getAllByTestId("line-saving").map((saving) => saving.textContent)).toEqual(["आपकी बचत ₹22.32", "आपकी बचत ₹6.75"]);
    expect(screen.getByText(/सबटोटल \(3 आइटम\)/).textContent).toContain("₹139.93");
    expect(screen.getByRole("button", { name: "भुगतान के लिए आगे बढ़ें" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /की मात्रा बढ़ाएँ$/ })).toHaveLength(2);
  });
});
