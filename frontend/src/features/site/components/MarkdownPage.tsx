import { Markdown } from "./Markdown";

/** A legal or help page: one content file, in a readable column. */
export function MarkdownPage({ source, app = false }: { source: string; app?: boolean }) {
  return (
    <article className={`container page-narrow${app ? " app-page" : ""}`}>
      <Markdown source={source} />
    </article>
  );
}
