import { useEffect } from "react";
import { useConfig } from "./config";

export interface PageMeta {
  /** What the page is, without the product name ('Pay Now', 'Shopping Cart'). */
  title: string;
  /** A sentence for search results and link previews (public pages). */
  description?: string;
}

/** '{title} | {product}', or the product name alone for the home page's own title. */
export function documentTitle(title: string, productName: string): string {
  return title ? `${title} | ${productName}` : productName;
}

/** Receives the page's meta while pre-rendering (the effect below does not run there); null in the browser. */
export const pageMetaSink: { current: ((meta: PageMeta) => void) | null } = { current: null };

/**
 * Sets the tab's title and the page description for one route. Runs as an effect, so nothing
 * touches `document` outside the browser or before the page renders (pre-rendering reads it then).
 */
export function usePageMeta({ title, description }: PageMeta): void {
  const { productName } = useConfig();
  // Only the pre-renderer provides a sink: it writes the page's <title> and description into the HTML.
  pageMetaSink.current?.({ title: documentTitle(title, productName), description });
  useEffect(() => {
    document.title = documentTitle(title, productName);
    if (description === undefined) return;
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.appendChild(tag);
    }
    tag.content = description;
  }, [title, description, productName]);
}
