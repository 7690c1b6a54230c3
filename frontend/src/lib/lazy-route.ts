import type { ComponentType } from "react";
import type { RouteObject } from "react-router";

type PageModule = () => Promise<{ default: ComponentType }>;

/** A route whose page (its module's default export) loads with the route, in its own chunk. */
export function lazyPage(path: string | undefined, load: PageModule): RouteObject {
  const lazy = () => load().then((m) => ({ Component: m.default }));
  return path === undefined ? { index: true, lazy } : { path, lazy };
}
