import { useLingui } from "@lingui/react/macro";
import { usePageMeta } from "../../../lib/page-meta";
import type { PageWords } from "../legal-pages";
import { EnglishTextNote } from "./EnglishTextNote";
import { useSay } from "./figures";
import { Markdown } from "./Markdown";

/**
 * A legal or help page: one content file (English), in a readable column, with its own title;
 * in Hindi, its Hindi text where there is one, else its heading and summary in Hindi above the
 * English text.
 */
export function MarkdownPage({
  source,
  hindi,
  words,
  app = false,
}: {
  source: string;
  hindi?: string;
  words: PageWords;
  app?: boolean;
}) {
  const { t, i18n } = useLingui();
  const say = useSay();
  const title = t(words.title);
  usePageMeta({ title, description: words.description && t(words.description) });
  // A page written in Hindi too is read whole in Hindi; otherwise the summary above the English.
  const whole = i18n.locale === "hi" && hindi !== undefined;
  return (
    <article className={`container page-narrow${app ? " app-page" : ""}`}>
      {!whole && <EnglishTextNote title={title} summary={say(words.summary)} />}
      <Markdown source={whole ? hindi : source} english={!whole && i18n.locale !== "en"} />
    </article>
  );
}
