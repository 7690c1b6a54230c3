import { describe, expect, it } from "vitest";
import { loginStateFrom, returnPath } from "./return-to";

describe("returnPath", () => {
  it("keeps a store page with its query", () => {
    expect(returnPath({ from: "/products?category=fans&sort=priceAsc" })).toBe("/products?category=fans&sort=priceAsc");
    expect(returnPath(loginStateFrom({ pathname: "/shopping-cart", search: "" }))).toBe("/shopping-cart");
    expect(returnPath({ from: "/product-details/7", mobileNumber: "9876543210" })).toBe("/product-details/7");
    expect(returnPath(loginStateFrom({ pathname: "/checkout", search: "" }))).toBe("/checkout");
  });

  it("refuses other sites, the login screens themselves and anything else", () => {
    for (const from of ["//evil.example/x", "https://evil.example", "/\\evil", "/login", "/verifyotp?x=1", "", 5]) {
      expect(returnPath({ from })).toBeNull();
    }
    expect(returnPath(null)).toBeNull();
    expect(returnPath({ mobileNumber: "9876543210" })).toBeNull();
  });
});
