// @vitest-environment jsdom
// The order list and an order in Hindi: the app's words, and its words for the gateway's codes and
// figures (statuses, ways to pay, delivery promises, dates). The checkout's are in
// checkout/pages/CheckoutHindi.test.tsx.
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { order, orders } from "../../../testing/gateway-answers";
import { renderApp } from "../../../testing/render-app";
import { storefrontReads } from "../../../testing/storefront-reads";

const SLOW_START = { timeout: 8000 }; // the first render waits for the route's chunk and catalog

beforeEach(async () => {
  await ensureCatalog(sharedCatalog);
  await activateLocale("hi");
  apiServer.use(...storefrontReads);
});

afterEach(() => activateLocale("en"));

describe("orders in Hindi", { timeout: 20_000 }, () => {
  it("shows the order list's statuses and dates in Hindi", async () => {
    renderApp("/orders");
    expect(await screen.findByRole("heading", { level: 1, name: "मेरे ऑर्डर" }, SLOW_START)).toBeTruthy();
    expect(await screen.findByText("कुल 1 ऑर्डर में से 1", {}, SLOW_START)).toBeTruthy();
    expect(screen.getByTestId("order-status").textContent).toBe("ऑर्डर हो गया");
    expect(screen.getByTestId("order-payment").textContent).toBe("डिलीवरी पर भुगतान");
    expect(screen.getByTestId("order-date").textContent).toBe("27 नवंबर 2026"); // 22:46 UTC is the next day in India
    expect(screen.getByText("Trikon PVC Conduit Pipe 20mm और 1 अन्य")).toBeTruthy();
  });

  it("shows an order's heading, timeline, payment and due date in Hindi", async () => {
    renderApp(`/orders/${order.orderNumber}`);
    expect(await screen.findByRole("heading", { name: "धन्यवाद! आपका ऑर्डर हो गया है" }, SLOW_START)).toBeTruthy();
    expect(screen.getByTestId("payment-state").textContent).toBe(
      "VoltKhata क्रेडिट पर: ₹238.93, 26 नवंबर 2026 तक देय, तब तक बिना ब्याज",
    );
    expect(screen.getAllByTestId("step-label").map((step) => step.textContent)).toEqual([
      "ऑर्डर हो गया",
      "पैक हो गया",
      "भेज दिया गया",
      "डिलीवरी के लिए निकला",
      "डिलीवर हो गया",
    ]);
    expect(screen.getByText("ऑर्डर की तारीख: 27 नवंबर 2026 को सुबह 4:16 बजे")).toBeTruthy();
    expect(screen.getByRole("button", { name: "ऑर्डर कैंसिल करें" })).toBeTruthy();
  });

  it("says a row's refund given back in the order page's words, not \"refund started\"", async () => {
    apiServer.use(
      http.get("/api/orders", () =>
        HttpResponse.json({
          ...orders,
          orders: [{ ...orders.orders[0], status: "cancelled", paymentMethod: "online", paymentState: "refundInitiated", refundState: "credited" }],
        }),
      ),
    );
    renderApp("/orders");
    expect(await screen.findByRole("heading", { level: 1, name: "मेरे ऑर्डर" }, SLOW_START)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("order-payment").textContent).toBe("रिफ़ंड लौटा दिया गया"));
  });

  it("writes the order page's delivery address with its city and state in Hindi", async () => {
    renderApp(`/orders/${order.orderNumber}`);
    const address = await screen.findByTestId("order-address", {}, SLOW_START);
    expect(address.textContent).toContain("गुरुग्राम, हरियाणा, 122103");
    expect(address.textContent).not.toMatch(/Gurugram|Haryana/);
  });
});
