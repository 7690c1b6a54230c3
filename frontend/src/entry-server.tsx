/**
 * Pre-rendering (build time, in Node): one public page to HTML, with the same tree the browser
 * hydrates (app/App.tsx). Built by frontend/scripts/prerender.mjs with Vite's SSR build; never
 * part of the browser's bundle.
 */
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { App } from "./app/App";
import { appRoutes } from "./app/router";
import type { AppConfig } from "./lib/config";
import { activateLocale, ensureCatalog, sharedCatalog, type Locale } from "./lib/i18n";
import { pageMetaSink, type PageMeta } from "./lib/page-meta";

export { PRERENDERED_PATHS, READS_QUERY } from "./app/prerendered";
export { markUntilHydrated } from "./lib/until-hydrated";
export { renderWithFirstPage } from "./features/store/api/first-page";
export { PAGE_SIZE } from "./features/store/api/get-products";
export { LOCALES } from "./lib/i18n";

export interface Rendered {
  /** The markup of #root. */
  html: string;
  /** What the page set with usePageMeta: the full document title and its description. */
  meta: PageMeta | null;
}

/** `path` rendered with `config` in `locale`; waits for every lazy route and Suspense boundary. One at a time. */
export async function render(path: string, config: AppConfig, locale: Locale = "en"): Promise<Rendered> {
  await ensureCatalog(sharedCatalog, locale);
  await activateLocale(locale);
  const handler = createStaticHandler(appRoutes(config));
  const context = await handler.query(new Request(new URL(path, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`${path}: the router answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let meta: PageMeta | null = null;
  pageMetaSink.current = (m) => (meta = m);
  try {
    const { prelude } = await prerender(
      <App config={config} navigate={() => undefined}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>,
      // Every Suspense boundary in place, however large: React would otherwise send a big one
      // (the home page's sections) after the page with an inline script to move it there, which
      // the gateway's Content-Security-Policy blocks, and the page would hydrate without it.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return { html: await new Response(prelude).text(), meta };
  } finally {
    pageMetaSink.current = null;
  }
}
