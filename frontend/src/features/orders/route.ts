import type { ComponentType } from "react";
import { lazyComponent } from "../../lib/lazy-route";
import { ordersCatalog } from "./catalog";

type Route = () => Promise<{ Component: ComponentType }>;

/** The orders' pages with their messages, from the routes' own chunk. */
export const ordersRoute = lazyComponent(() => import("./pages/OrdersPage"), (module) => module.default, ordersCatalog) as Route;
export const orderRoute = lazyComponent(() => import("./pages/OrderPage"), (module) => module.default, ordersCatalog) as Route;
