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
    },
  }),
);
