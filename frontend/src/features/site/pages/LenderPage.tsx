import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { Carousel } from "../components/Carousel";
import { CountUp } from "../components/CountUp";
import { RotatingWords } from "../components/RotatingWords";
import { sayWith } from "../components/figures";
import { TestimonialCard } from "../components/TestimonialCard";
import { FeatureCards, PageSection } from "../components/PageSection";
import { clients, lenderCounters, lenderFeatures, lenderTestimonials, lenderWords } from "../data/lender";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

const INTERVAL_MS = 2000;

/** /dpd: the debt-collections software pitch for lenders. */
export default function LenderPage() {
  const { t, i18n } = useLingui();
  usePageMeta({
    title: t`Collections software for lenders`,
    description: t`Debt-collections software for lenders: reminders, field visits and recoveries in one place.`,
  });
  const { productName } = useConfig();
  const brandCount = figures.brands;
  const reviews = figures.reviews;
  return (
    <>
      <section className={styles.heroDark} aria-labelledby="dpd-title">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <h1 id="dpd-title">
              <Trans>
                Collections with <RotatingWords words={lenderWords.map((word) => t(word))} interval={INTERVAL_MS} />
              </Trans>
            </h1>
            <p className={styles.lead}>
              <Trans>
                {productName} Collect is debt-collection software for lenders: reminders, payment links, field visits and
                compliance in one place, trusted by more than {brandCount} brands and lenders.
              </Trans>
            </p>
            <div className={styles.actions}>
              <Link to="/contact-us" className="btn btn-accent">
                <Trans>Get in touch</Trans>
              </Link>
            </div>
          </div>
          <img src="/img/site/collections-hero.svg" alt="" width={560} height={420} fetchPriority="high" className={styles.figure} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="clients-title">
        <div className="container">
          <h2 id="clients-title">
            <Trans>Lenders who collect with us</Trans>
          </h2>
          <p className={styles.intro}>
            <Trans>Banks, non-bank lenders and fintechs across India.</Trans>
          </p>
          <Carousel
            label={t`Our clients`}
            delay={INTERVAL_MS}
            pagination={false}
            slidesPerView={2}
            breakpoints={{ 640: { slidesPerView: 3 }, 1000: { slidesPerView: 5 } }}
            slides={clients.map((client) => (
              <img loading="lazy" key={client.image} src={client.image} alt={client.name} width={180} height={72} className={styles.logo} />
            ))}
          />
        </div>
      </section>

      <PageSection
        id="features-title"
        title={t`Everything your collections team needs`}
        intro={t`Fewer calls, fewer visits, more money back on time.`}
        soft
      >
        <FeatureCards items={lenderFeatures} />
      </PageSection>

      <section className={styles.section} aria-labelledby="numbers-title">
        <div className="container">
          <h2 id="numbers-title">
            <Trans>Numbers that speak</Trans>
          </h2>
          <p className={styles.intro}>
            <Trans>What lenders achieve with {productName} Collect.</Trans>
          </p>
          <ul className={styles.counters} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {lenderCounters.map((counter) => (
              <li key={counter.value} className={styles.counter}>
                <strong>
                  <CountUp value={counter.value} figure={(n) => sayWith(i18n, counter.figure, { n })} />
                </strong>
                <span>{t(counter.label)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="lender-voices-title">
        <div className="container">
          <h2 id="lender-voices-title">
            <Trans>What lenders say</Trans>
          </h2>
          <p className={styles.intro}>
            <Trans>Rated by collection teams with {reviews} reviews.</Trans>
          </p>
          <Carousel
            label={t`Lender testimonials`}
            delay={INTERVAL_MS}
            slidesPerView={1}
            breakpoints={{ 761: { slidesPerView: 2 } }}
            slides={lenderTestimonials.map((item) => (
              <TestimonialCard key={item.avatar} item={item} extra={t`Rated 4.8 out of 5 from 450 reviews`} />
            ))}
          />
          <div className={styles.center}>
            <Link to="/contact-us" className="btn btn-primary">
              <Trans>Get in touch</Trans>
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
