import { lazy } from "react";
import { ensureCatalog } from "../../lib/i18n";
import { upiCatalog } from "./catalog";

/** The UPI panel, with its words, fetched only when a payer chooses UPI. */
export const UpiPanel = lazy(() =>
  Promise.all([import("./components/UpiPanel"), ensureCatalog(upiCatalog)]).then(([m]) => ({ default: m.UpiPanel })),
);
