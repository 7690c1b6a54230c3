import { Link } from "react-router";
import { useConfig } from "../../../app/config";
import { figures } from "../../../content/company";
import { AppStoreButtons } from "../components/AppStoreButtons";
import { Carousel } from "../components/Carousel";
import { DownloadBanner } from "../components/DownloadBanner";
import { TestimonialCard } from "../components/TestimonialCard";
import { brands, creditBenefits, enterpriseCards, homeTestimonials, merchantBenefits } from "../data/marketing";
import styles from "./site.module.css";

const TESTIMONIAL_DELAY_MS = 3000;

export default function HomePage() {
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
                Learn more
              </Link>
            </div>
            <div className={styles.actions}>
              <AppStoreButtons />
            </div>
          </div>
          <img src="/img/site/hero.svg" alt="" width={560} height={420} className={styles.figure} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="trade-title">
        <div className="container">
          <h2 id="trade-title">Trade in three simple steps</h2>
          <p className={styles.intro}>Choose your stock, buy it on credit, and repay when your customers pay you.</p>
          <img
            src="/img/site/trading-steps.svg"
            alt="Step 1: choose products from your distributor. Step 2: pay with your credit limit. Step 3: receive delivery the next day and repay later."
            width={1000}
            height={360}
            className={styles.figure}
          />
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="credit-title">
        <div className="container">
          <h2 id="credit-title">Why buy on credit with {productName}</h2>
          <p className={styles.intro}>Instant purchase credit that fits the way the electrical trade works.</p>
          <div className={styles.cards}>
            {creditBenefits.map((item) => (
              <article key={item.title} className={styles.card}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="merchant-title">
        <div className="container">
          <h2 id="merchant-title">Benefits for merchants</h2>
          <p className={styles.intro}>Everything your shop needs to stock up and sell more.</p>
          <div className={styles.cards}>
            {merchantBenefits.map((item) => (
              <article key={item.title} className={styles.card}>
                <img src={item.image} alt="" width={88} height={88} />
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="enterprise-title">
        <div className="container">
          <h2 id="enterprise-title">A platform for the whole supply chain</h2>
          <p className={styles.intro}>For distributors, manufacturers and lenders who want to grow the trade together.</p>
          <div className={styles.cards}>
            {enterpriseCards.map((item) => (
              <article key={item.title} className={styles.card}>
                <img src={item.image} alt="" width={88} height={88} />
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title">How it works</h2>
          <p className={styles.intro}>From order to repayment, every step is tracked on the platform.</p>
          <img
            src="/img/site/how-it-works.svg"
            alt="The buyer orders, the distributor dispatches and invoices, the lender approves and pays the distributor, and the buyer repays the lender later."
            width={1000}
            height={420}
            className={styles.figure}
          />
        </div>
      </section>

      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="voices-title">
        <div className="container">
          <h2 id="voices-title">What our merchants say</h2>
          <p className={styles.intro}>Shops and contractors across India buy on credit with {productName}.</p>
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
        </div>
      </section>

      <DownloadBanner />

      <section className={styles.section} aria-labelledby="brands-title">
        <div className="container">
          <h2 id="brands-title">Brands we work with</h2>
          <p className={styles.intro}>More than {figures.brands} brands across electricals, lighting, wires and fittings.</p>
          <ul className={styles.logos} role="list" style={{ listStyle: "none", padding: 0 }}>
            {brands.map((brand) => (
              <li key={brand.image}>
                <img src={brand.image} alt={brand.name} width={180} height={72} />
              </li>
            ))}
          </ul>
          <div className={styles.center}>
            <Link to="/AboutUs" className="btn btn-primary">
              Learn More
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
