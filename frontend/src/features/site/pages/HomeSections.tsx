import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { figures } from "../../../content/company";
import { Carousel } from "../components/Carousel";
import { DownloadBanner } from "../components/DownloadBanner";
import { FeatureCards, PageSection } from "../components/PageSection";
import { TestimonialCard } from "../components/TestimonialCard";
import { StepList } from "../components/StepList";
import { brands, creditBenefits, enterpriseCards, homeTestimonials, howItWorks, merchantBenefits, tradeSteps } from "../data/marketing";
import styles from "./site.module.css";

const TESTIMONIAL_DELAY_MS = 3000;

/** The home page below its hero (HomePage loads it lazily). */
export default function HomeSections() {
  const { productName } = useConfig();
  const { t } = useLingui();
  const slides = homeTestimonials.map((item) => <TestimonialCard key={item.avatar} item={item} />);
  const brandCount = figures.brands;
  return (
    <>
      <PageSection
        id="trade-title"
        title={t`Trade in three simple steps`}
        intro={t`Choose your stock, buy it on credit, and repay when your customers pay you.`}
      >
        <StepList steps={tradeSteps} testId="trade-steps" />
      </PageSection>

      <PageSection
        id="credit-title"
        title={t`Why buy on credit with ${productName}`}
        intro={t`Instant purchase credit that fits the way the electrical trade works.`}
        soft
      >
        <FeatureCards items={creditBenefits} />
      </PageSection>

      <PageSection id="merchant-title" title={t`Benefits for merchants`} intro={t`Everything your shop needs to stock up and sell more.`}>
        <FeatureCards items={merchantBenefits} />
      </PageSection>

      <PageSection
        id="enterprise-title"
        title={t`A platform for the whole supply chain`}
        intro={t`For distributors, manufacturers and lenders who want to grow the trade together.`}
        soft
      >
        <FeatureCards items={enterpriseCards} />
      </PageSection>

      <PageSection id="how-title" title={t`How it works`} intro={t`From order to repayment, every step is tracked on the platform.`}>
        <StepList steps={howItWorks} testId="how-it-works" />
      </PageSection>

      <PageSection
        id="voices-title"
        title={t`What our merchants say`}
        intro={t`Shops and contractors across India buy on credit with ${productName}.`}
        soft
      >
        <div className={styles.carouselWide} data-testid="home-testimonials-desktop">
          <Carousel
            label={t`Merchant testimonials`}
            delay={TESTIMONIAL_DELAY_MS}
            slides={slides}
            slidesPerView={1}
            breakpoints={{ 761: { slidesPerView: 2 }, 1100: { slidesPerView: 3 } }}
          />
        </div>
        <div className={styles.carouselNarrow} data-testid="home-testimonials-mobile">
          <Carousel label={t`Merchant testimonials`} delay={TESTIMONIAL_DELAY_MS} slides={slides} slidesPerView={1} />
        </div>
      </PageSection>

      <DownloadBanner />

      <PageSection
        id="brands-title"
        title={t`Brands we work with`}
        intro={t`More than ${brandCount} brands across electricals, lighting, wires and fittings.`}
      >
        <ul className={`${styles.logos} ${styles.plainList}`}>
          {brands.map((brand) => (
            <li key={brand.image}>
              <img loading="lazy" src={brand.image} alt={brand.name} width={180} height={72} />
            </li>
          ))}
        </ul>
        <div className={styles.center}>
          <Link to="/AboutUs" className="btn btn-primary">
            <Trans>
              Learn More<span className="visually-hidden"> about us</span>
            </Trans>
          </Link>
        </div>
      </PageSection>
    </>
  );
}
