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

// Chunks every first visit downloads together, as one file each: split by where they are
// imported from, they were a dozen files of a few hundred bytes, each compressed on its own
// (about 2 KB more gzip on /paynow's first visit than the same code in two files).
// docs/decisions/bundle-budgets.md has the figures.
const chunkGroups = [
  // What the entry imports on every route: React, the module runtime, the API client's surface
  // (axios itself stays in its own chunk, loaded with the first call) and each page's title setter.
  {
    name: "start",
    test: /node_modules\/(react|react-dom|scheduler)\/|rolldown|preload-helper|\/src\/api\/client\.ts|\/src\/lib\/(page-meta|sent-data)\.ts/,
  },
  // The mobile-number login of the portal's /paynow and the store's /login, with its dialogs;
  // only these modules (their libraries stay where they are shared from).
  {
    name: "otp-login",
    includeDependenciesRecursively: false,
    test: /\/src\/components\/(otp\/(MobileForm|useOtpLogin|sendWait|useCountdown|SendWaitNotice)|Dialog|LoadingOverlay)\.tsx?$|\/src\/components\/otp\/otp\.module\.css|\/src\/features\/portal\/components\/ErrorDialog\.tsx$|\/src\/features\/portal\/api\/(send|verify)-code\.ts$/,
  },
];

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
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/_mocks": "http://127.0.0.1:8000",
    },
  },
});
