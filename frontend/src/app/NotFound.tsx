import { Link } from "react-router";
import { usePageMeta } from "../lib/page-meta";

export default function NotFound() {
  usePageMeta({ title: "Page not found" });
  return (
    <section className="container page-narrow not-found">
      <img src="/img/site/not-found.svg" alt="" width={360} height={240} />
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <Link className="btn btn-primary" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
