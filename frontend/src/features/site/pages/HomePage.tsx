import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { AppStoreButtons } from "../components/AppStoreButtons";
import { Carousel } from "../components/Carousel";
import { DownloadBanner } from "../components/DownloadBanner";
import { FeatureCards, PageSection } from "../components/PageSection";
import { TestimonialCard } from "../components/TestimonialCard";
import { StepList } from "../components/StepList";
import { brands, creditBenefits, enterpriseCards, homeTestimonials, howItWorks, merchantBenefits, tradeSteps } from "../data/marketing";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

const TESTIMONIAL_DELAY_MS = 3000;

export default function HomePage() {
  usePageMeta({ title: "Buy electrical goods on credit", description: "Buy electrical goods on credit with instant credit limits, the lowest market prices and next-day delivery, then repay online." });
  const { productName } = useConfig();
  const slides = homeTestimonials.map((item) => <TestimonialCard key={item.name} item={item} />);
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
          <img src="/img/site/hero.svg" alt="" width={560} height={420} className={styles.figure} />
        </div>
      </section>

      <PageSection id="trade-title" title="Trade in three simple steps" intro="Choose your stock, buy it on credit, and repay when your customers pay you.">
        <StepList steps={tradeSteps} testId="trade-steps" />
      </PageSection>

      <PageSection id="credit-title" title={<>Why buy on credit with {productName}</>} intro="Instant purchase credit that fits the way the electrical trade works." soft>
        <FeatureCards items={creditBenefits} />
      </PageSection>

      <PageSection id="merchant-title" title="Benefits for merchants" intro="Everything your shop needs to stock up and sell more.">
        <FeatureCards items={merchantBenefits} />
      </PageSection>

      <PageSection id="enterprise-title" title="A platform for the whole supply chain" intro="For distributors, manufacturers and lenders who want to grow the trade together." soft>
        <FeatureCards items={enterpriseCards} />
      </PageSection>

      <PageSection id="how-title" title="How it works" intro="From order to repayment, every step is tracked on the platform.">
        <StepList steps={howItWorks} testId="how-it-works" />
      </PageSection>

      <PageSection id="voices-title" title="What our merchants say" intro={<>Shops and contractors across India buy on credit with {productName}.</>} soft>
        <div className={styles.carouselWide} data-testid="home-testimonials-desktop">
          <Carousel
            label="Merchant testimonials"
            delay={TESTIMONIAL_DELAY_MS}
            slides={slides}
            slidesPerView={1}
            breakpoints={{ 761: { slidesPerView: 2 }, 1100: { slidesPerView: 3 } }}
          />
        </div>
        <div className={styles.carouselNarrow} data-testid="home-testimonials-mobile">
          <Carousel label="Merchant testimonials" delay={TESTIMONIAL_DELAY_MS} slides={slides} slidesPerView={1} />
        </div>
      </PageSection>

      <DownloadBanner />

      <PageSection id="brands-title" title="Brands we work with" intro={<>More than {figures.brands} brands across electricals, lighting, wires and fittings.</>}>
        <ul className={`${styles.logos} ${styles.plainList}`}>
          {brands.map((brand) => (
            <li key={brand.image}>
              <img src={brand.image} alt={brand.name} width={180} height={72} />
            </li>
          ))}
        </ul>
        <div className={styles.center}>
          <Link to="/AboutUs" className="btn btn-primary">
            Learn More<span className="visually-hidden"> about us</span>
          </Link>
        </div>
      </PageSection>
    </>
  );
}
