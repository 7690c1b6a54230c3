import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useConfig } from "../../lib/config";
import { company, social } from "../../content/company";
import { Logo } from "../Logo/Logo";
import { NewsletterForm } from "../NewsletterForm";
import styles from "./Footer.module.css";

const LINKS = [
  { to: "/privacy-policy", label: msg`Privacy Policy` },
  { to: "/terms-and-conditions", label: msg`Terms and Conditions` },
  { to: "/grievance-redressal", label: msg`Grievance Redressal` },
  { to: "/cancellation-and-refunds", label: msg`Cancellation and Refunds` },
  { to: "/FAQ's", label: msg`FAQs` },
  { to: "/AboutUs", label: msg`About Us` },
  { to: "/shipping-policy", label: msg`Shipping Policy` },
  { to: "/buy-products-on-credit", label: msg`Buy on Credit` },
  { to: "/contact-us", label: msg`Contact Us` },
  { to: "/product-home", label: msg`Shop` },
];

export function Footer() {
  const config = useConfig();
  const { t } = useLingui();
  const productName = config.productName;
  const legalName = company.legalName;
  // The year was the build's in the pre-rendered HTML: a new year is no hydration error (below).
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-about">
          <span className={styles.logo}>
            <Logo />
          </span>
          <h2 id="footer-about" className="visually-hidden">
            <Trans>About {productName}</Trans>
          </h2>
          <p>
            <Trans>
              Electrical goods on credit for shops, contractors and electricians across India, with partnered
              lenders.
            </Trans>
          </p>
          <address className={styles.contact}>
            <span>{t(company.officeAddress)}</span>
            <a href={`tel:${company.supportPhone.replace(/\s/g, "")}`}>{company.supportPhone}</a>
            <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            <Trans>Useful links</Trans>
          </h2>
          <ul className={styles.links}>
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-news">
          <h2 id="footer-news" className={styles.heading}>
            <Trans>Newsletter</Trans>
          </h2>
          <p>
            <Trans>Offers, new brands and credit tips, once a month.</Trans>
          </p>
          <NewsletterForm />
          <h2 className={styles.heading}>
            <Trans>Get the app</Trans>
          </h2>
          <div className={styles.apps}>
            <a href={config.appLinks.android} target="_blank" rel="noopener noreferrer">
              <img loading="lazy" src="/img/site/badge-play.svg" alt={t`Get the Android app`} width={150} height={45} />
            </a>
            <a href={config.appLinks.ios} target="_blank" rel="noopener noreferrer">
              <img loading="lazy" src="/img/site/badge-appstore.svg" alt={t`Get the iPhone app`} width={150} height={45} />
            </a>
          </div>
          <ul className={styles.social} aria-label={t`Social media`}>
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
      <p className={`container ${styles.copy}`} suppressHydrationWarning>
        <Trans>
          © {year} {legalName}. {productName} is a technology marketplace; credit is offered by partnered non-bank
          lenders.
        </Trans>
      </p>
    </footer>
  );
}
