import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { Carousel } from "../components/Carousel";
import { CountUp } from "../components/CountUp";
import { RotatingWords } from "../components/RotatingWords";
import { TestimonialCard } from "../components/TestimonialCard";
import { FeatureCards, PageSection } from "../components/PageSection";
import { clients, lenderCounters, lenderFeatures, lenderTestimonials, lenderWords } from "../data/marketing";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

const INTERVAL_MS = 2000;

/** /dpd: the debt-collections software pitch for lenders. */
export default function LenderPage() {
  usePageMeta({ title: "Collections software for lenders", description: "Debt-collections software for lenders: reminders, field visits and recoveries in one place." });
  const { productName } = useConfig();
  return (
    <>
      <section className={styles.heroDark} aria-labelledby="dpd-title">
        <div className={`container ${styles.heroGrid}`}>
          <div>
            <h1 id="dpd-title">
              Collections with <RotatingWords words={lenderWords} interval={INTERVAL_MS} />
            </h1>
            <p className={styles.lead}>
              {productName} Collect is debt-collection software for lenders: reminders, payment links, field visits and
              compliance in one place, trusted by more than {figures.brands} brands and lenders.
            </p>
            <div className={styles.actions}>
              <Link to="/contact-us" className="btn btn-accent">
                Get in touch
              </Link>
            </div>
          </div>
          <img src="/img/site/collections-hero.svg" alt="" width={560} height={420} fetchPriority="high" className={styles.figure} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="clients-title">
        <div className="container">
          <h2 id="clients-title">Lenders who collect with us</h2>
          <p className={styles.intro}>Banks, non-bank lenders and fintechs across India.</p>
          <Carousel
            label="Our clients"
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
        title="Everything your collections team needs"
        intro="Fewer calls, fewer visits, more money back on time."
        soft
      >
        <FeatureCards items={lenderFeatures} />
      </PageSection>

      <section className={styles.section} aria-labelledby="numbers-title">
        <div className="container">
          <h2 id="numbers-title">Numbers that speak</h2>
          <p className={styles.intro}>What lenders achieve with {productName} Collect.</p>
          <ul className={styles.counters} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {lenderCounters.map((counter) => (
              <li key={counter.label} className={styles.counter}>
                <strong>
                  <CountUp value={counter.value} prefix={counter.prefix} suffix={counter.suffix} />
                </strong>
                <span>{counter.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="lender-voices-title">
        <div className="container">
          <h2 id="lender-voices-title">What lenders say</h2>
          <p className={styles.intro}>
            Rated by collection teams with {figures.reviews} reviews.
          </p>
          <Carousel
            label="Lender testimonials"
            delay={INTERVAL_MS}
            slidesPerView={1}
            breakpoints={{ 761: { slidesPerView: 2 } }}
            slides={lenderTestimonials.map((item) => (
              <TestimonialCard key={item.quote} item={item} extra="Rated 4.8 out of 5 from 450 reviews" />
            ))}
          />
          <div className={styles.center}>
            <Link to="/contact-us" className="btn btn-primary">
              Get in touch
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
