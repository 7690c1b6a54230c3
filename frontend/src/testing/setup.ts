// Vitest's setup for every test file: the mocked /api, reset between tests.
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { apiServer } from "./api-server";

beforeAll(() => apiServer.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  apiServer.resetHandlers();
  cleanup();
});
afterAll(() => apiServer.close());
