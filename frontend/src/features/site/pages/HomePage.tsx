import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { creditTermValues } from "../../../content/credit-terms";
import { ensureCatalog } from "../../../lib/i18n";
import { AppStoreButtons } from "../components/AppStoreButtons";
import { siteHomeCatalog } from "../catalog";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

// Everything below the hero arrives in its own chunk, with its own messages: the hero hydrates
// (and answers) without waiting for them, and the pre-rendered HTML shows the sections meanwhile.
const HomeSections = lazy(() => Promise.all([import("./HomeSections"), ensureCatalog(siteHomeCatalog)]).then(([module]) => module));

export default function HomePage() {
  const { t } = useLingui();
  usePageMeta({
    title: t`Buy electrical goods on credit`,
    description: t`Buy electrical goods on credit with instant credit limits and the lowest market prices, then repay online.`,
  });
  const { productName } = useConfig();
  const creditLimit = t(figures.creditLimit);
  const { interestFreeDays } = creditTermValues();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <h1 id="home-title">
              <Trans>Buy electrical stock on credit, up to {creditLimit}</Trans>
            </h1>
            <p className={styles.lead}>
              <Trans>
                {productName} lets shops, merchants, contractors and electricians buy electricals, wires, lights, fans and
                switches from trusted distributors today and pay later, interest-free for {interestFreeDays} days and with no
                collateral.
              </Trans>
            </p>
            <div className={styles.actions}>
              <Link to="/buy-products-on-credit" className="btn btn-primary">
                <Trans>Get Started</Trans>
              </Link>
              <Link to="/AboutUs" className="btn btn-outline">
                <Trans>
                  Learn more<span className="visually-hidden"> about us</span>
                </Trans>
              </Link>
            </div>
            <div className={styles.actions}>
              <AppStoreButtons />
            </div>
          </div>
          <img src="/img/site/hero.svg" alt="" width={560} height={420} fetchPriority="high" className={styles.figure} />
        </div>
      </section>

      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
  );
}
