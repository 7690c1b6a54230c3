import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { usePageMeta } from "../../../lib/page-meta";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import { Markdown } from "../components/Markdown";
import { FAQ_TITLE, faqEntries } from "../data/faq";
import { searchFaq } from "../faq-sections";
import styles from "./FaqPage.module.css";

/** /FAQ's: the questions as an accordion, with a search over questions and answers. */
export default function FaqPage() {
  const { t, i18n } = useLingui();
  usePageMeta({
    title: t`FAQs`,
    description: t`Answers about credit limits, repayments, delivery, orders and your data.`,
  });
  const { productName } = useConfig();
  const entries = faqEntries(i18n, productName);
  const [search, setSearch] = useState("");
  const shown = searchFaq(entries, search);
  const total = entries.length;
  const found = shown.length;

  return (
    <section className={`container page-narrow ${styles.page}`} aria-labelledby="faq-title">
      <h1 id="faq-title">{t(FAQ_TITLE)}</h1>
      <div className={styles.search} ref={enableWhenHydrated}>
        <label htmlFor="faq-search">
          <Trans>Search the questions</Trans>
        </label>
        <input
          id="faq-search"
          type="search"
          value={search}
          maxLength={100}
          placeholder={t`For example: repay, delivery, credit limit`}
          onChange={(event) => setSearch(event.target.value)}
          aria-describedby="faq-count"
        />
        <p id="faq-count" className={styles.count} role="status">
          {search.trim() ? t`${found} of ${total} questions` : t`${total} questions`}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className={styles.none}>
          <Trans>
            No question matches that. <Link to="/contact-us">Ask us instead</Link>.
          </Trans>
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
