import { usePageMeta, type PageMeta } from "../../../lib/page-meta";
import { Markdown } from "./Markdown";

/** A legal or help page: one content file, in a readable column, with its own title. */
export function MarkdownPage({ source, meta, app = false }: { source: string; meta: PageMeta; app?: boolean }) {
  usePageMeta(meta);
  return (
    <article className={`container page-narrow${app ? " app-page" : ""}`}>
      <Markdown source={source} />
    </article>
  );
}
