import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { company } from "../../../content/company";
import { ContactForm } from "../components/ContactForm";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /contact-us (and its app variant): where we are, how to reach us, and a message form. */
export default function ContactPage({ app = false }: { app?: boolean }) {
  usePageMeta({ title: "Contact us", description: "Write to us or call our support team about orders, credit and repayments." });
  const { productName } = useConfig();
  return (
    <section className={`container ${styles.section}`} aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      <p className={styles.intro} style={{ textAlign: "left", marginInline: 0 }}>
        Questions about credit, orders or repayments? The {productName} team is here {company.supportHours}.
      </p>
      <div className={styles.two}>
        <ContactForm />
        <div>
          <ul className={styles.details}>
            <li>
              <h2>Location</h2>
              <p>{company.officeAddress}</p>
            </li>
            <li>
              <h2>Phone</h2>
              <p>
                <a href={`tel:${company.supportPhone.replace(/\s/g, "")}`}>{company.supportPhone}</a>
              </p>
            </li>
            <li>
              <h2>Email</h2>
              <p>
                <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
              </p>
            </li>
            <li>
              <h2>Your data</h2>
              <p>
                Want your account and data removed? Read our <Link to="/delete-data-policy">Delete Data Policy</Link>.
              </p>
            </li>
          </ul>
          {!app && (
            <img
              src="/img/site/map.svg"
              alt={`Map showing our office: ${company.officeAddress}`}
              width={560}
              height={360}
              className={styles.map}
            />
          )}
        </div>
      </div>
    </section>
  );
}
