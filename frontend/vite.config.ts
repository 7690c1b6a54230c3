import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel, { defineRolldownBabelPreset } from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
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

// Lingui's macros (t, Trans, msg) become catalog lookups at build time; only files that import
// them go through Babel. In production the code keeps each message's id only: its text, in each
// language, is in the feature's catalog (frontend/src/lib/i18n.ts loads it with the route).
const linguiMacros = defineRolldownBabelPreset({
  preset: { plugins: ["@lingui/babel-plugin-lingui-macro"] },
  rolldown: { filter: { code: /@lingui\/(core|react)\/macro/ } },
});

// The gateway serves dist/ and /api on one origin; in `npm run dev` Vite proxies to it.
export default defineConfig({
  root,
  plugins: [
    react(),
    babel({ presets: [linguiMacros] }),
    // Catalogs (.po) compile when imported; a Hindi message missing fails the build.
    lingui({ cwd: path.join(root, ".."), failOnMissing: true, failOnCompileError: true }),
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
