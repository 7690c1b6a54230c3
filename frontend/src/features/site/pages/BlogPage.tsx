import { Trans, useLingui } from "@lingui/react/macro";
import posts from "../../../content/blog.json";
import { calendarDay } from "../../../lib/dates";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

interface Post {
  slug: string;
  title: string;
  date: string;
  summary: string;
}

/** /blog: the posts with title and date (the specification shows no post pages). The posts are
 * written in English; a reader of another language is told so. */
export default function BlogPage() {
  const { t, i18n } = useLingui();
  usePageMeta({ title: t`Blog`, description: t`News and guides for electrical shops, contractors and electricians.` });
  const english = i18n.locale !== "en";
  const postLang = english ? "en" : undefined;
  return (
    <section className={`container ${styles.section}`} aria-labelledby="blog-title">
      <h1 id="blog-title">
        <Trans>Blog</Trans>
      </h1>
      <p className={styles.intro} style={{ textAlign: "left", marginInline: 0 }}>
        <Trans>Notes for electrical shops, contractors and distributors on stock, seasons and credit.</Trans>
        {english && (
          <>
            {" "}
            <Trans>The posts are in English.</Trans>
          </>
        )}
      </p>
      <ul className={styles.posts}>
        {(posts as Post[]).map((post) => (
          <li key={post.slug} className={styles.post}>
            <img loading="lazy" src="/img/site/blog-cover.svg" alt="" width={400} height={200} />
            <article className={styles.postBody}>
              <h2 lang={postLang}>{post.title}</h2>
              <time dateTime={post.date}>{calendarDay(post.date)}</time>
              <p lang={postLang}>{post.summary}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
