// @vitest-environment jsdom
// The checkout in Hindi: the app's words, and its words for the gateway's codes and figures (ways
// to pay, delivery promises, places). The order pages' are in orders/pages/OrdersHindi.test.tsx.
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { renderApp } from "../../../testing/render-app";
import { storefrontReads } from "../../../testing/storefront-reads";

const SLOW_START = { timeout: 8000 }; // the first render waits for the route's chunk and catalog

beforeEach(async () => {
  await ensureCatalog(sharedCatalog);
  await activateLocale("hi");
  apiServer.use(...storefrontReads);
});

afterEach(() => activateLocale("en"));

describe("checkout in Hindi", { timeout: 20_000 }, () => {
  it("shows the checkout's steps, the delivery promise and the ways to pay in Hindi", async () => {
    renderApp("/checkout", { paymentType: "cash" });
    expect(await screen.findByRole("heading", { level: 1, name: "चेकआउट" }, SLOW_START)).toBeTruthy();
    expect(await screen.findByText("पिछला पता", {}, SLOW_START)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "1. डिलीवरी का पता" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "3. भुगतान" })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("summary-delivery").textContent).toBe("1 घंटे में पाएँ"));
    expect(screen.getByRole("button", { name: "ऑर्डर करें" })).toBeTruthy();
    expect(screen.getByText("सुविधा शुल्क")).toBeTruthy();
  });

  it("writes an address's city and state in Hindi where Hindi has a name for them (issue 53)", async () => {
    renderApp("/checkout", { paymentType: "cash" });
    // The saved address chosen (the last used): "डिलीवरी: Gurugram" was English in a Hindi page.
    const saved = await screen.findByRole("radio", { name: /Plot 44, Sector 18/ }, SLOW_START);
    const label = saved.closest("label")?.textContent ?? "";
    expect(label).toContain("गुरुग्राम, हरियाणा, 122015");
    expect(label).not.toMatch(/Gurugram|Haryana/);
  });
});
