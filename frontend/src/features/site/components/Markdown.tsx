import { useMemo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { contentTokens, fillTokens } from "./tokens";
import styles from "./Markdown.module.css";

// Site-internal links stay in the single-page app; others open in a new tab.
const components: Components = {
  a({ href = "", children }) {
    if (href.startsWith("/")) return <Link to={href}>{children}</Link>;
    const external = /^https?:/.test(href);
    return (
      <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  },
  table({ children }) {
    // Wide tables scroll on their own instead of widening the page on a phone.
    return (
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Table">
        <table>{children}</table>
      </div>
    );
  },
};

/** One content file rendered with GitHub-flavoured Markdown, `{{tokens}}` filled in. */
export function Markdown({ source }: { source: string }) {
  const { productName } = useConfig();
  const text = useMemo(() => fillTokens(source, contentTokens(productName)), [source, productName]);
  return (
    <div className={styles.prose}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
