import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { DownloadBanner } from "../components/DownloadBanner";
import { categories, creditFlow } from "../data/marketing";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /buy-products-on-credit: what can be bought on credit and how the credit flows. */
export default function CreditPage() {
  usePageMeta({ title: "Buy products on credit", description: "Buy switches, wires, MCBs, lamps and more on credit across ten categories, and see how the credit works from dispatch to repayment." });
  const { productName, appLinks } = useConfig();
  return (
    <>
      <section className={styles.hero} aria-labelledby="credit-title">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <h1 id="credit-title">Buy products on credit, up to {figures.creditLimit}</h1>
            <p className={styles.lead}>
              Stock up on electricals today and pay in 30 to 70 days. No interest or hidden fees, no collateral, and
              next-day delivery across {figures.pinCodes} pin codes.
            </p>
            <div className={styles.actions}>
              <a href={appLinks.android} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
                Get the {productName} app for Android
              </a>
              <a href={appLinks.ios} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
                Get the {productName} app for iPhone
              </a>
            </div>
          </div>
          <img src="/img/site/hero.svg" alt="" width={560} height={420} fetchPriority="high" className={styles.figure} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="categories-title">
        <div className="container">
          <h2 id="categories-title">Categories you can buy on credit</h2>
          <p className={styles.intro}>Save up to {figures.savingsUpTo} on wholesale prices across ten categories.</p>
          <ul className={`${styles.grid5} ${styles.plainList}`}>
            {categories.map((category) => (
              <li key={category.name} className={styles.category}>
                <img loading="lazy" src={category.image} alt="" width={140} height={140} />
                <h3>{category.name}</h3>
                <Link
                  to={`/products?category=${category.slug}`}
                  className="btn btn-outline"
                  aria-label={`Buy on Credit: ${category.name}`}
                >
                  Buy on Credit
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="flow-title">
        <div className="container">
          <h2 id="flow-title">How your credit works</h2>
          <p className={styles.intro}>Five steps from dispatch to repayment, all tracked on the platform.</p>
          <ol className={styles.steps} data-testid="credit-flow-desktop">
            {creditFlow.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <img loading="lazy" src={step.image} alt="" width={160} height={120} />
                <span className={styles.stepNo} aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <ol className={styles.stepsMobile} data-testid="credit-flow-mobile">
            {creditFlow.map((step, index) => (
              <li key={step.title}>
                <img loading="lazy" src={step.image} alt="" width={72} height={54} />
                <div>
                  <h3>
                    {index + 1}. {step.title}
                  </h3>
                  <p>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <DownloadBanner />

      <section className={styles.section} aria-labelledby="bulk-title">
        <div className="container">
          <h2 id="bulk-title">
            Bulk orders on platform <span className={styles.comingSoon}>coming soon...</span>
          </h2>
          <p className={styles.intro}>
            Project-sized orders for contractors and builders, with credit sized to the project. We will let you know in
            the app when it opens.
          </p>
        </div>
      </section>
    </>
  );
}
