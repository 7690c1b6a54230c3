import type { ComponentType } from "react";
import { lazyComponent } from "../../lib/lazy-route";
import { creditCatalog } from "./catalog";

/** The credit route's page with its messages, from the route's own chunk. */
export const creditRoute = lazyComponent(() => import("./pages/CreditRoute"), (module) => module.default, creditCatalog) as () => Promise<{
  Component: ComponentType;
}>;
