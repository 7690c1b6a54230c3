// @vitest-environment jsdom
// The public site in Hindi: the home, credit, contact and FAQ pages' words from the site's
// catalog, with the figures (₹5 लाख) and the product's name in place.
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, sharedCatalog } from "../../../lib/i18n";
import { renderApp } from "../../../testing/render-app";

beforeEach(async () => {
  await ensureCatalog(sharedCatalog);
  await activateLocale("hi");
});

afterEach(() => activateLocale("en"));

describe("the site in Hindi", () => {
  it("shows the home page's hero and its sections in Hindi", async () => {
    renderApp("/");
    expect(await screen.findByRole("heading", { level: 1, name: "₹5 लाख तक का बिजली का सामान उधार पर खरीदें" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "शुरू करें" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "तीन आसान कदमों में कारोबार" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "तुरंत क्रेडिट लिमिट" })).toBeTruthy();
  });

  it("shows the credit page's categories and steps in Hindi", async () => {
    renderApp("/buy-products-on-credit");
    expect(await screen.findByRole("heading", { level: 1, name: "₹5 लाख तक का सामान उधार पर खरीदें" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "उधार पर खरीदें: MCB और RCCB" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { name: "इनवॉइस मंज़ूर" }).length).toBeGreaterThan(0);
  });

  it("shows the contact form's labels and the FAQ's questions in Hindi", async () => {
    renderApp("/contact-us");
    expect(await screen.findByRole("heading", { level: 1, name: "संपर्क करें" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText("नाम")).toBeTruthy();
    expect(screen.getByRole("button", { name: "मैसेज भेजें" })).toBeTruthy();
  });

  it("shows the questions and answers in Hindi, and searches them in Hindi", async () => {
    renderApp("/FAQ's");
    expect(await screen.findByRole("heading", { level: 1, name: "अक्सर पूछे जाने वाले सवाल" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "मुझे कितना उधार मिल सकता है?" })).toBeTruthy();
    expect(screen.getByText("12 सवाल")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("सवालों में खोजें"), { target: { value: "गिरवी" } });
    expect(screen.getByText("12 में से 1 सवाल")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "क्या कोई ब्याज या दूसरा चार्ज है?" })).toBeTruthy();
  });

  it("shows the grievance redressal policy whole in Hindi, its tokens filled, with no English text below", async () => {
    renderApp("/grievance-redressal");
    expect(await screen.findByRole("heading", { level: 1, name: "शिकायत निवारण" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "हमारी समय-सीमा" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "उसके बारे में ऑनलाइन शिकायत दर्ज कर सकते हैं" }).getAttribute("href")).toBe("/complaints");
    expect(screen.queryByText("The full text below is in English.")).toBeNull();
    expect(screen.queryByText(/\{\{/)).toBeNull();
  });

  it("shows the privacy and lending policy whole in Hindi", async () => {
    renderApp("/privacy-policy");
    expect(await screen.findByRole("heading", { level: 1, name: "गोपनीयता और ऋण नीति" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "भाग B: ऋण गोपनीयता नीति" })).toBeTruthy();
    expect(screen.queryByText("The full text below is in English.")).toBeNull();
  });

  it("shows the terms and conditions whole in Hindi", async () => {
    renderApp("/terms-and-conditions");
    expect(await screen.findByRole("heading", { level: 1, name: "नियम और शर्तें" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "10. गोल्ड संचय योजना" })).toBeTruthy();
    expect(screen.queryByText("The full text below is in English.")).toBeNull();
  });
});
