import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { creditTermValues } from "../../../content/credit-terms";
import { DownloadBanner } from "../components/DownloadBanner";
import { useSay } from "../components/figures";
import { categories, creditFlow } from "../data/credit";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /buy-products-on-credit: what can be bought on credit and how the credit flows. */
export default function CreditPage() {
  const { t } = useLingui();
  usePageMeta({
    title: t`Buy products on credit`,
    description: t`Buy switches, wires, MCBs, lamps and more on credit across ten categories, and see how the credit works from dispatch to repayment.`,
  });
  const { productName, appLinks } = useConfig();
  const creditLimit = t(figures.creditLimit);
  const pinCodes = figures.pinCodes;
  const savingsUpTo = figures.savingsUpTo;
  const { repaymentDaysFrom, repaymentDaysTo, interestFreeDays, interestFrom, interestTo, aprFrom, aprTo } = creditTermValues();
  const say = useSay();
  return (
    <>
      <section className={styles.hero} aria-labelledby="credit-title">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <h1 id="credit-title">
              <Trans>Buy products on credit, up to {creditLimit}</Trans>
            </h1>
            <p className={styles.lead}>
              <Trans>
                Stock up on electricals today and pay in {repaymentDaysFrom} to {repaymentDaysTo} days, interest-free for the first{" "}
                {interestFreeDays}; after that the lender charges {interestFrom} to {interestTo} a year (APR {aprFrom} to {aprTo}). No
                collateral, with delivery to {pinCodes} pin codes.
              </Trans>
            </p>
            <div className={styles.actions}>
              <a href={appLinks.android} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
                <Trans>Get the {productName} app for Android</Trans>
              </a>
              <a href={appLinks.ios} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
                <Trans>Get the {productName} app for iPhone</Trans>
              </a>
            </div>
          </div>
          <img src="/img/site/hero.svg" alt="" width={560} height={420} fetchPriority="high" className={styles.figure} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="categories-title">
        <div className="container">
          <h2 id="categories-title">
            <Trans>Categories you can buy on credit</Trans>
          </h2>
          <p className={styles.intro}>
            <Trans>Save up to {savingsUpTo} on wholesale prices across ten categories.</Trans>
          </p>
          <ul className={`${styles.grid5} ${styles.plainList}`}>
            {categories.map((category) => {
              const name = t(category.name);
              return (
                <li key={category.slug} className={styles.category}>
                  <img loading="lazy" src={category.image} alt="" width={140} height={140} />
                  <h3>{name}</h3>
                  <Link to={`/products?category=${category.slug}`} className="btn btn-outline" aria-label={t`Buy on Credit: ${name}`}>
                    <Trans>Buy on Credit</Trans>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="flow-title">
        <div className="container">
          <h2 id="flow-title">
            <Trans>How your credit works</Trans>
          </h2>
          <p className={styles.intro}>
            <Trans>Five steps from dispatch to repayment, all tracked on the platform.</Trans>
          </p>
          <ol className={styles.steps} data-testid="credit-flow-desktop">
            {creditFlow.map((step, index) => (
              <li key={step.image} className={styles.step}>
                <img loading="lazy" src={step.image} alt="" width={160} height={120} />
                <span className={styles.stepNo} aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{t(step.title)}</h3>
                <p>{say(step.text)}</p>
              </li>
            ))}
          </ol>
          <ol className={styles.stepsMobile} data-testid="credit-flow-mobile">
            {creditFlow.map((step, index) => (
              <li key={step.image}>
                <img loading="lazy" src={step.image} alt="" width={72} height={54} />
                <div>
                  <h3>
                    {index + 1}. {t(step.title)}
                  </h3>
                  <p>{say(step.text)}</p>
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
            <Trans>
              Bulk orders on platform <span className={styles.comingSoon}>coming soon...</span>
            </Trans>
          </h2>
          <p className={styles.intro}>
            <Trans>
              Project-sized orders for contractors and builders, with credit sized to the project. We will let you know in
              the app when it opens.
            </Trans>
          </p>
        </div>
      </section>
    </>
  );
}
