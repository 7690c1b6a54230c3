import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { usePageMeta } from "../lib/page-meta";

export default function NotFound() {
  const { t } = useLingui();
  usePageMeta({ title: t`Page not found` });
  return (
    <section className="container page-narrow not-found">
      <img src="/img/site/not-found.svg" alt="" width={360} height={240} />
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <p>
        <Link className="btn btn-primary" to="/">
          <Trans>Go to the home page</Trans>
        </Link>
      </p>
    </section>
  );
}
