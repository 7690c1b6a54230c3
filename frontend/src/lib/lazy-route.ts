import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { ensureCatalog, type Catalog } from "./i18n";
import { nextTask } from "./tasks";

/**
 * The route's component, from its own chunk, imported a task after the router asks for it: when
 * the app starts, the router asks for every matched route's module at once, and a module already
 * fetched (the pre-rendered pages preload theirs) runs in the task that imports it, so the app's
 * start, the store's shell and the page were one long task on a slow phone; now each is its own.
 */
export function lazyComponent<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  catalog: Catalog | Catalog[],
): RouteObject["lazy"] {
  const catalogs = Array.isArray(catalog) ? catalog : [catalog];
  return () =>
    nextTask()
      .then(() => Promise.all([load(), ...catalogs.map((one) => ensureCatalog(one))]))
      .then(([module]) => ({ Component: pick(module) }));
}

/** A route whose page (its module's default export) loads with the route, in its own chunk, with
 * its feature's messages (one catalog or several) in the visitor's language. */
export function lazyPage(path: string | undefined, load: () => Promise<{ default: ComponentType }>, catalog: Catalog | Catalog[]): RouteObject {
  const lazy = lazyComponent(load, (module) => module.default, catalog);
  return path === undefined ? { index: true, lazy } : { path, lazy };
}
