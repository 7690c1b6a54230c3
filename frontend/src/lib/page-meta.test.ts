import { describe, expect, it } from "vitest";
import { documentTitle } from "./page-meta";

describe("documentTitle", () => {
  it("puts the page before the product", () => {
    expect(documentTitle("Pay Now", "VoltKhata")).toBe("Pay Now | VoltKhata");
  });

  it("is the product alone without a page title", () => {
    expect(documentTitle("", "VoltKhata")).toBe("VoltKhata");
  });
});
