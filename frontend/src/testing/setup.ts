// Vitest's setup for every test file: the mocked /api, reset between tests, and (in jsdom) the
// rendered components unmounted.
import { afterAll, afterEach, beforeAll } from "vitest";
import { apiServer } from "./api-server";
import { i18n } from "../lib/i18n";

// Components render in English (the catalogs' source language) unless a test activates Hindi.
i18n.activate("en");

beforeAll(() => apiServer.listen({ onUnhandledRequest: "error" }));

// What jsdom lacks and the pages use: media queries (none match) and scrolling.
if (typeof window !== "undefined") {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.scrollTo = () => {};
}
// A page's first render waits for its lazily loaded module and message catalogs (each .po is
// compiled as it is first imported): on a busy machine that is over testing-library's 1 s.
if (typeof document !== "undefined") (await import("@testing-library/react")).configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  apiServer.resetHandlers();
  if (typeof document !== "undefined") (await import("@testing-library/react")).cleanup();
});
afterAll(() => apiServer.close());
