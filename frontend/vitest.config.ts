import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

// The fast tier: pure logic and components in jsdom against a mocked /api (src/testing/), no
// gateway, no browser.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "node",
      include: ["src/**/*.test.{ts,tsx}", "lint/**/*.test.ts"],
      restoreMocks: true,
      setupFiles: ["src/testing/setup.ts"],
      // A page rendered in jsdom with its lazy parts takes seconds on a busy 2-core machine; the
      // default 5 s cap failed such tests for slowness, not for what they show.
      testTimeout: 20_000,
    },
  }),
);
