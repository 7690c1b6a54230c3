import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
// React Router 7's package exports name only its development build (remix-run/react-router#14102,
// open): its dev warnings and checks ship and run in production. Builds take its production
// build, which it publishes beside it; `npm run dev` keeps the warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router")),
  "..",
  "production",
  "index.mjs",
);

// The gateway serves dist/ and /api on one origin; in `npm run dev` Vite proxies to it.
export default defineConfig({
  root,
  plugins: [
    react(),
    {
      name: "react-router-production-build",
      apply: "build",
      config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } }),
    },
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads, read by the bundle-budget check.
    manifest: true,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/_mocks": "http://127.0.0.1:8000",
    },
  },
});
