import type { ComponentType } from "react";
import { lazyComponent } from "../../lib/lazy-route";
import { addressesCatalog } from "./catalog";

/** The address book's page with its messages, from the route's own chunk. */
export const addressesRoute = lazyComponent(() => import("./pages/AddressesPage"), (module) => module.default, addressesCatalog) as () => Promise<{
  Component: ComponentType;
}>;
