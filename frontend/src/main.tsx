import { t } from "@lingui/core/macro";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import "./styles/global.css";
import { loadConfig } from "./lib/config";
import { activateLocale, ensureCatalog, pageLocale, sharedCatalog, type Locale } from "./lib/i18n";
import { App } from "./app/App";
import { createAppRouter } from "./app/router";
import { afterLoad, appLive, idleTask, nextTask } from "./lib/tasks";

const container = document.getElementById("root")!;
// The gateway sends the public pages pre-rendered (frontend/scripts/prerender.mjs): hydrate those.
const prerendered = container.hasChildNodes();
// Each was rendered for its bare path; a page whose render reads the query (the store's filters)
// is marked so by the pre-renderer, and with a query is rendered anew (app/prerendered.ts).
// `?lang=` chose the page's language (the gateway's), not what it shows: it is no such query.
const query = new URLSearchParams(window.location.search);
query.delete("lang");
const renderedForThisAddress = query.toString() === "" || !container.hasAttribute("data-reads-query");

/** Resolves once the router has loaded the matched routes' lazy modules (so hydration renders the page, not a fallback). */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

/** After the browser has painted the pre-rendered page (or 100 ms, for a tab that is not drawn). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, 100);
    requestAnimationFrame(() => window.setTimeout(() => (window.clearTimeout(timer), resolve()), 0));
  });
}

/* eslint-disable lingui/no-unlocalized-strings -- shown when the app could not start, its message
   catalogs included (a dropped connection): written here, in both languages, needing no catalog. */
const NOT_LOADED: Record<Locale, { lang: Locale; title: string; advice: string }> = {
  en: { lang: "en", title: "We could not load the app", advice: "Please check your connection and reload the page." },
  hi: { lang: "hi", title: "ऐप लोड नहीं हो सका", advice: "कृपया अपना इंटरनेट कनेक्शन जाँचें और पेज रीलोड करें।" },
};
/* eslint-enable lingui/no-unlocalized-strings */

// The service worker's set-up (src/lib/offline-visit.ts) arrives once the page has loaded, the
// app has taken it over and the browser is idle: its first take-over asks again for the page's
// files and data, which on a slow phone competed with the hydration when it came at the load
// event (docs/decisions/store-page-speed.md). Nothing a first visit needs waits for it; `npm run
// dev` has no worker.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  void afterLoad()
    .then(() => appLive())
    .then(() => idleTask())
    .then(() => import("./lib/offline-visit"))
    .then((visit) => visit.keepVisitsForOffline())
    .catch(() => undefined); // no worker this visit (its code did not load): the page works without
}

// The page's language (the gateway served it in the visitor's): its shared messages load beside
// the settings, and each route loads its own feature's with its code (lib/lazy-route.ts).
const locale = pageLocale();
Promise.all([loadConfig(), ensureCatalog(sharedCatalog, locale)])
  .then(async ([config]) => {
    await activateLocale(locale);
    // On a pre-rendered page, nothing is waiting for the app: the router (its route table, the
    // first navigation) is made a task after the one that ran the app's code, not in it.
    if (prerendered) await nextTask();
    const router = createAppRouter(config);
    const navigate = (path: string, state?: unknown) => void router.navigate(path, { replace: true, state });
    const app = (
      <App config={config} navigate={navigate}>
        <RouterProvider router={router} />
      </App>
    );
    if (prerendered) {
      // The HTML is shown first, then the app takes it over.
      await Promise.all([routerReady(router), afterFirstPaint()]);
    }
    // With the query a page reads (filters, a search) or a page whose code failed to load, what
    // the app shows differs from the HTML, so the app renders anew. Either way in a transition:
    // React works in slices of a few milliseconds and yields to the browser between them (a tap,
    // a frame) rather than blocking it for the whole page.
    if (prerendered && renderedForThisAddress && !router.state.errors) {
      startTransition(() => void hydrateRoot(container, app));
    } else {
      // A pre-rendered page stays on screen until the new render replaces it (React clears the
      // container when it commits its first render), so there is no blank frame in between.
      const { productName } = config;
      if (!prerendered) document.title = t`${productName} | Buy electrical goods on credit`;
      startTransition(() => createRoot(container).render(app));
    }
  })
  .catch(() => {
    container.replaceChildren();
    // The page's language first, then the other: the visitor reads one of them.
    const [first, second] = locale === "hi" ? [NOT_LOADED.hi, NOT_LOADED.en] : [NOT_LOADED.en, NOT_LOADED.hi];
    createRoot(container).render(
      <main className="container page-narrow" role="alert">
        <h1 lang={first.lang}>{first.title}</h1>
        <p lang={first.lang}>{first.advice}</p>
        <h2 lang={second.lang}>{second.title}</h2>
        <p lang={second.lang}>{second.advice}</p>
      </main>,
    );
  });
