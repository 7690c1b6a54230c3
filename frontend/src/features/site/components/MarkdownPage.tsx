import { useLingui } from "@lingui/react/macro";
import { usePageMeta } from "../../../lib/page-meta";
import type { PageWords } from "../legal-pages";
import { EnglishTextNote } from "./EnglishTextNote";
import { useSay } from "./figures";
import { Markdown } from "./Markdown";

/**
 * A legal or help page: one content file (English), in a readable column, with its own title;
 * in another language, its heading and summary in that language above the English text.
 */
export function MarkdownPage({ source, words, app = false }: { source: string; words: PageWords; app?: boolean }) {
  const { t, i18n } = useLingui();
  const say = useSay();
  const title = t(words.title);
  usePageMeta({ title, description: words.description && t(words.description) });
  return (
    <article className={`container page-narrow${app ? " app-page" : ""}`}>
      <EnglishTextNote title={title} summary={say(words.summary)} />
      <Markdown source={source} english={i18n.locale !== "en"} />
    </article>
  );
}
