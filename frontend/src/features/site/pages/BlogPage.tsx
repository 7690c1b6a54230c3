import posts from "../../../content/blog.json";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

interface Post {
  slug: string;
  title: string;
  date: string;
  summary: string;
}

const DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** /blog: the posts with title and date (the specification shows no post pages). */
export default function BlogPage() {
  usePageMeta({ title: "Blog", description: "News and guides for electrical shops, contractors and electricians." });
  return (
    <section className={`container ${styles.section}`} aria-labelledby="blog-title">
      <h1 id="blog-title">Blog</h1>
      <p className={styles.intro} style={{ textAlign: "left", marginInline: 0 }}>
        Notes for electrical shops, contractors and distributors on stock, seasons and credit.
      </p>
      <ul className={styles.posts}>
        {(posts as Post[]).map((post) => (
          <li key={post.slug} className={styles.post}>
            <img loading="lazy" src="/img/site/blog-cover.svg" alt="" width={400} height={200} />
            <article className={styles.postBody}>
              <h2>{post.title}</h2>
              <time dateTime={post.date}>{DATE.format(new Date(`${post.date}T00:00:00Z`))}</time>
              <p>{post.summary}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
