import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * Resolves in a task of its own. A route's module is imported after one: when the app starts,
 * the router asks for every matched route's module at once, and a module already fetched (the
 * pre-rendered pages preload theirs) is run in the same task, so the app's start, the store's
 * shell and the page were one long task on a slow phone; now each is its own.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A route whose page (its module's default export) loads with the route, in its own chunk. */
export function lazyPage(path: string | undefined, load: PageModule): RouteObject {
  const lazy = () =>
    nextTask()
      .then(load)
      .then((m) => ({ Component: m.default }));
  return path === undefined ? { index: true, lazy } : { path, lazy };
}
