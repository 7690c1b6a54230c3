import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

// The gateway serves dist/ and /api on one origin; in `npm run dev` Vite proxies to it.
export default defineConfig({
  root,
  plugins: [react()],
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
