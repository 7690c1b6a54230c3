import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { AppStoreButtons } from "../components/AppStoreButtons";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

// Everything below the hero arrives in its own chunk: the hero hydrates (and answers) without
// waiting for it, and the pre-rendered HTML shows the sections meanwhile.
const HomeSections = lazy(() => import("./HomeSections"));

export default function HomePage() {
  usePageMeta({ title: "Buy electrical goods on credit", description: "Buy electrical goods on credit with instant credit limits, the lowest market prices and next-day delivery, then repay online." });
  const { productName } = useConfig();
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <h1 id="home-title">Buy electrical stock on credit, up to {figures.creditLimit}</h1>
            <p className={styles.lead}>
              {productName} lets shops, merchants, contractors and electricians buy electricals, wires, lights, fans and
              switches from trusted distributors today and pay later, with no interest, hidden fees or collateral.
            </p>
            <div className={styles.actions}>
              <Link to="/buy-products-on-credit" className="btn btn-primary">
                Get Started
              </Link>
              <Link to="/AboutUs" className="btn btn-outline">
                Learn more<span className="visually-hidden"> about us</span>
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
