import type { ComponentType } from "react";
import { lazyComponent } from "../../lib/lazy-route";
import { loansCatalog } from "./catalog";

/** The loans route's page with its messages, from the route's own chunk. */
export const loansRoute = lazyComponent(() => import("./pages/LoansRoute"), (module) => module.default, loansCatalog) as () => Promise<{
  Component: ComponentType;
}>;
