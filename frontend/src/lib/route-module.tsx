import type { ComponentType } from "react";
import { ensureCatalog, type Catalog } from "./i18n";

/**
 * What a lazy route module exports for React Router (`lazy: () => import(".../routes")`): a loader
 * that brings the page and its feature's messages, and the Component that shows the page. The
 * router's first-visit code then holds only the route's path and one file name: the page, its
 * styles and its catalog are listed in the route module's chunk, not in every visit's entry.
 * For the staff pages (the desk, the QA console), which no visitor's first page needs.
 */
export function pageModule(load: () => Promise<{ default: ComponentType }>, catalog: Catalog) {
  let Page: ComponentType | null = null;
  return {
    loader: async (): Promise<null> => {
      const [page] = await Promise.all([load(), ensureCatalog(catalog)]);
      Page = page.default;
      return null;
    },
    Component: () => Page && <Page />,
  };
}
