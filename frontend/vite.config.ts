import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel, { defineRolldownBabelPreset } from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { VitePWA } from "vite-plugin-pwa";
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OFFLINE_CACHES } from "./src/lib/offline-copies";

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
  // What the entry imports on every route: React, the module runtime, TanStack Query (split by
  // where each part is used, it became three small files that compress worse than one), the API
  // client's surface (axios itself stays in its own chunk, loaded with the first call), each
  // page's title setter and the translation layer (lib/i18n.ts: in a chunk of its own it cost
  // every route 0.4 KB of gzip; docs/decisions/bundle-budgets.md).
  {
    name: "start",
    test: /node_modules\/(react|react-dom|scheduler|@tanstack\/query-core|@tanstack\/react-query)\/|rolldown|preload-helper|\/src\/api\/client\.ts|\/src\/lib\/(page-meta|sent-data|i18n)\.ts/,
  },
  // The mobile-number login of the portal's /paynow and the store's /login, with its dialogs;
  // only these modules (their libraries stay where they are shared from).
  {
    name: "otp-login",
    includeDependenciesRecursively: false,
    test: /\/src\/components\/(otp\/(MobileForm|useOtpLogin|sendWait|useCountdown|SendWaitNotice)|Dialog|LoadingOverlay)\.tsx?$|\/src\/components\/otp\/otp\.module\.css|\/src\/features\/portal\/components\/ErrorDialog\.tsx$|\/src\/features\/portal\/api\/(send|verify)-code\.ts$/,
  },
  // What every storefront page shares, whichever feature it is (the store, checkout, credit): its
  // state, the header's slot, styles and words, the native bridge, and the store's shell that
  // fills them; one file with the shell rather than a few hundred bytes each (and one name fewer
  // in the entry's list of files).
  {
    name: "storefront",
    includeDependenciesRecursively: false,
    test: /\/src\/components\/storefront\/|\/src\/lib\/native-bridge\.ts$|\/src\/features\/store\/(StoreShell|StoreContext)\.tsx$|\/src\/features\/store\/shell\//,
  },
];

// Workbox copies each of these functions into the service worker as its source text: they may use
// nothing from this file. A response the server said not to store is never kept, whatever route
// matched it (docs/decisions/offline-reading.md).
const neverNoStore = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    /no-store/i.test(response.headers.get("Cache-Control") ?? "") ? null : response,
};
const onlyOk = { statuses: [200] };
// A page neither fetched nor kept (never visited, offline): the app's own offline page, kept from
// the worker's install (precached below), not the browser's error page.
const offlinePage = {
  handlerDidError: async () => (await caches.match("/offline.html", { ignoreSearch: true })) ?? Response.error(),
};

// Every page names the build it came from (<meta name="build-id">): the digest of the build's
// fingerprinted file names, so any change of code or style is a new id. Support reads it from a
// phone's page, and tests/e2e/test_offline.py sees a new build reach a returning visitor.
const buildId = {
  name: "build-id",
  apply: "build" as const,
  transformIndexHtml: {
    order: "post" as const,
    handler(html: string, context: { bundle?: Record<string, unknown> }) {
      const files = Object.keys(context.bundle ?? {}).filter((name) => name.startsWith("assets/")).sort();
      const id = createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 12);
      return html.replace("</title>", `</title>\n    <meta name="build-id" content="${id}" />`);
    },
  },
};

// Installable, and readable offline: the service worker (Workbox, generated at build time) keeps
// what a visit loaded, never more: no precache of the whole app, which would cost a 2G visitor
// every page's code on their first visit. A page is asked for on the network first (a new build
// reaches a returning visitor at once) and shown from the copy only when the network fails.
const offline = VitePWA({
  registerType: "autoUpdate",
  injectRegister: false, // src/lib/offline-visit.ts registers it after the page has loaded (no first-visit script)
  includeManifestIcons: false, // the icons are the launcher's: not fetched for every first visit
  filename: "sw.js",
  manifest: {
    name: "VoltKhata",
    short_name: "VoltKhata",
    description: "Buy electrical goods on credit, repay online and order from a one-hour store.",
    lang: "en-IN",
    start_url: "/product-home",
    scope: "/",
    display: "standalone",
    background_color: "#FFFFFF",
    theme_color: "#1E2A78",
    icons: [
      { src: "/img/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/img/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/img/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    // The offline page and what it shows; nothing of the app (a first visit loads only its own page).
    globPatterns: ["img/logo-mark.svg", "img/favicon.svg", "offline.html", "offline.js"],
    navigateFallback: null, // a page is never the shell: an unvisited one offline is offline.html (offlinePage)
    // A new worker takes over at once, open pages included: no visitor is kept on an old build.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // A navigation, or the page asking for itself again as HTML (src/lib/offline-visit.ts).
        urlPattern: ({ request, url }) =>
          (request.mode === "navigate" || request.headers.get("Accept") === "text/html") &&
          !/^\/(api|_mocks)(\/|$)/.test(url.pathname),
        handler: "NetworkFirst",
        options: {
          cacheName: OFFLINE_CACHES.pages,
          // Vary: Cookie, Accept-Language; the worker's copy of a request has neither header.
          matchOptions: { ignoreVary: true },
          expiration: { maxEntries: 40 },
          cacheableResponse: onlyOk,
          plugins: [neverNoStore, offlinePage],
        },
      },
      {
        // Every /api read goes through here; only those the gateway marks `private, no-cache` are
        // kept (every other /api answer is `no-store`). Calls that change anything are not GETs
        // and never reach the worker's routes: they are refused offline, never queued.
        urlPattern: ({ request, url }) => request.method === "GET" && url.pathname.startsWith("/api/"),
        handler: "NetworkFirst",
        options: {
          cacheName: OFFLINE_CACHES.reads,
          expiration: { maxEntries: 80 },
          cacheableResponse: onlyOk,
          plugins: [neverNoStore],
        },
      },
      {
        urlPattern: ({ url }) => url.pathname.startsWith("/assets/"),
        handler: "CacheFirst", // fingerprinted: a name never changes its bytes
        options: {
          cacheName: OFFLINE_CACHES.assets,
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: onlyOk,
          plugins: [neverNoStore],
        },
      },
      {
        // By name, not by the request's destination: the page's own second asking is a fetch.
        urlPattern: ({ sameOrigin, url }) => sameOrigin && /^\/(start\.js|manifest\.webmanifest)$/.test(url.pathname),
        handler: "NetworkFirst",
        options: { cacheName: OFFLINE_CACHES.files, expiration: { maxEntries: 20 }, cacheableResponse: onlyOk, plugins: [neverNoStore] },
      },
      {
        urlPattern: ({ sameOrigin, url }) => sameOrigin && /^\/(img\/|_mocks\/catalogue\/media\/)/.test(url.pathname),
        handler: "StaleWhileRevalidate",
        options: {
          cacheName: OFFLINE_CACHES.images,
          expiration: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 },
          cacheableResponse: onlyOk,
          plugins: [neverNoStore],
        },
      },
    ],
  },
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
    offline,
    buildId,
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
