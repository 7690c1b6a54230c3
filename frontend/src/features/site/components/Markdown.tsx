import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { contentTokens, fillTokens } from "./tokens";
import styles from "./Markdown.module.css";

// Site-internal links stay in the single-page app; others open in a new tab.
const links: Components["a"] = ({ href = "", children }) => {
  if (href.startsWith("/")) return <Link to={href}>{children}</Link>;
  const external = /^https?:/.test(href);
  return (
    <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
};

// Under a heading of its own in the reader's language (EnglishTextNote), an English text's main
// heading is a second-level one.
const underNote: Components["h1"] = ({ children }) => <h2>{children}</h2>;

/**
 * One content file rendered with GitHub-flavoured Markdown, `{{tokens}}` filled in. `english`: the
 * text is English on a page in another language (a legal text under its Hindi summary): it says
 * so for screen readers and its main heading gives way to the summary's.
 */
export function Markdown({ source, english = false }: { source: string; english?: boolean }) {
  const { productName } = useConfig();
  const { t, i18n } = useLingui();
  const text = useMemo(() => fillTokens(source, contentTokens(productName, i18n)), [source, productName, i18n]);
  const tableLabel = t`Table`;
  const components = useMemo<Components>(
    () => ({
      a: links,
      ...(english ? { h1: underNote } : {}),
      table({ children }) {
        // Wide tables scroll on their own instead of widening the page on a phone.
        return (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={tableLabel}>
            <table>{children}</table>
          </div>
        );
      },
    }),
    [english, tableLabel],
  );
  return (
    <div className={styles.prose} lang={english ? "en" : undefined}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
