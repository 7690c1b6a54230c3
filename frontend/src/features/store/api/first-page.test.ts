// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductList } from "./get-products";

const LIST = { records: [], page: 1, pageSize: 12, hasMore: false } as unknown as ProductList;

// The module reads the page once: each test loads it afresh.
async function load() {
  vi.resetModules();
  return import("./first-page");
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("sentFirstPage", () => {
  it("gives the page sent with the HTML again on every call while it is fresh", async () => {
    vi.useFakeTimers();
    const script = document.createElement("script");
    script.id = "products-first-page";
    script.type = "application/json";
    script.textContent = JSON.stringify(LIST);
    document.body.append(script);
    const { sentFirstPage, SENT_PAGE_FRESH_MS } = await load();
    const first = sentFirstPage();
    expect(first?.list).toEqual(LIST);
    // A hydration React starts over builds its query client anew: it must find the page again.
    expect(sentFirstPage()).toBe(first);
    vi.advanceTimersByTime(SENT_PAGE_FRESH_MS);
    expect(sentFirstPage()).toBeUndefined();
  });

  it("is nothing without the element, or with one that is not JSON", async () => {
    expect((await load()).sentFirstPage()).toBeUndefined();
    const script = document.createElement("script");
    script.id = "products-first-page";
    script.type = "application/json";
    script.textContent = "{not json";
    document.body.append(script);
    expect((await load()).sentFirstPage()).toBeUndefined();
  });
});
