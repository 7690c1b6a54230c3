import { Trans, useLingui } from "@lingui/react/macro";
import styles from "./Markdown.module.css";

/**
 * Above a text kept in English (a legal page, the About story), for a reader of another language:
 * the page's heading and what the text says, in their language, and that the full text below is
 * English. An English reader sees nothing of it. The page's main heading is then this one (the
 * English text's own `#` heading becomes a second-level one: lib Markdown's `underNote`).
 */
export function EnglishTextNote({ title, summary }: { title: string; summary: string }) {
  const { i18n } = useLingui();
  if (i18n.locale === "en") return null;
  return (
    <div className={styles.note}>
      <h1>{title}</h1>
      <p>{summary}</p>
      <p className={styles.noteLanguage}>
        <Trans>The full text below is in English.</Trans>
      </p>
    </div>
  );
}
