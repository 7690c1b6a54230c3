import { Link } from "react-router";
import { useConfig } from "../../lib/config";
import { company, social } from "../../content/company";
import { Logo } from "../Logo/Logo";
import { NewsletterForm } from "../NewsletterForm";
import styles from "./Footer.module.css";

const LINKS = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-and-conditions", label: "Terms and Conditions" },
  { to: "/grievance-redressal", label: "Grievance Redressal" },
  { to: "/cancellation-and-refunds", label: "Cancellation and Refunds" },
  { to: "/FAQ's", label: "FAQs" },
  { to: "/AboutUs", label: "About Us" },
  { to: "/shipping-policy", label: "Shipping Policy" },
  { to: "/buy-products-on-credit", label: "Buy on Credit" },
  { to: "/contact-us", label: "Contact Us" },
  { to: "/product-home", label: "Shop" },
];

export function Footer() {
  const config = useConfig();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-about">
          <span className={styles.logo}>
            <Logo />
          </span>
          <h2 id="footer-about" className="visually-hidden">
            About {config.productName}
          </h2>
          <p>
            Electrical goods on credit for shops, contractors and electricians across India, with partnered
            lenders and next-day delivery.
          </p>
          <address className={styles.contact}>
            <span>{company.officeAddress}</span>
            <a href={`tel:${company.supportPhone.replace(/\s/g, "")}`}>{company.supportPhone}</a>
            <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            Useful links
          </h2>
          <ul className={styles.links}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news" className={styles.heading}>
            Newsletter
          </h2>
          <p>Offers, new brands and credit tips, once a month.</p>
          <NewsletterForm />
          <h2 className={styles.heading}>Get the app</h2>
          <div className={styles.apps}>
            <a href={config.appLinks.android} target="_blank" rel="noopener noreferrer">
              <img loading="lazy" src="/img/site/badge-play.svg" alt="Get the Android app" width={150} height={45} />
            </a>
            <a href={config.appLinks.ios} target="_blank" rel="noopener noreferrer">
              <img loading="lazy" src="/img/site/badge-appstore.svg" alt="Get the iPhone app" width={150} height={45} />
            </a>
          </div>
          <ul className={styles.social} aria-label="Social media">
            {social.map((item) => (
              <li key={item.name}>
                <a href={item.href} target="_blank" rel="noopener noreferrer" aria-label={item.name}>
                  <img loading="lazy" src={item.icon} alt="" width={24} height={24} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {/* The year was the build's in the pre-rendered HTML: a new year is no hydration error. */}
      <p className={`container ${styles.copy}`} suppressHydrationWarning>
        © {new Date().getFullYear()} {company.legalName}. {config.productName} is a technology marketplace; credit is
        offered by partnered non-bank lenders.
      </p>
    </footer>
  );
}
