import { useMemo, useState } from "react";
import { Link } from "react-router";
import faq from "../../../content/faq.md?raw";
import { useConfig } from "../../../lib/config";
import { usePageMeta } from "../../../lib/page-meta";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import { Markdown } from "../components/Markdown";
import { contentTokens, fillTokens } from "../components/tokens";
import { faqEntries, searchFaq } from "../faq-sections";
import styles from "./FaqPage.module.css";

/** /FAQ's: the questions as an accordion, with a search over questions and answers. */
export default function FaqPage() {
  usePageMeta({
    title: "FAQs",
    description: "Answers about credit limits, repayments, delivery, orders and your data.",
  });
  const { productName } = useConfig();
  const { title, entries } = useMemo(() => faqEntries(fillTokens(faq, contentTokens(productName))), [productName]);
  const [search, setSearch] = useState("");
  const shown = searchFaq(entries, search);

  return (
    <section className={`container page-narrow ${styles.page}`} aria-labelledby="faq-title">
      <h1 id="faq-title">{title}</h1>
      <div className={styles.search} ref={enableWhenHydrated}>
        <label htmlFor="faq-search">Search the questions</label>
        <input
          id="faq-search"
          type="search"
          value={search}
          maxLength={100}
          placeholder="For example: repay, delivery, credit limit"
          onChange={(event) => setSearch(event.target.value)}
          aria-describedby="faq-count"
        />
        <p id="faq-count" className={styles.count} role="status">
          {search.trim() ? `${shown.length} of ${entries.length} questions` : `${entries.length} questions`}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className={styles.none}>
          No question matches that. <Link to="/contact-us">Ask us instead</Link>.
        </p>
      ) : (
        <div className={styles.list}>
          {shown.map((entry) => (
            <details key={entry.question} className={styles.item} open={search.trim() !== "" && shown.length <= 3}>
              <summary>
                <h2>{entry.question}</h2>
              </summary>
              <div className={styles.answer}>
                <Markdown source={entry.answer} />
              </div>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
