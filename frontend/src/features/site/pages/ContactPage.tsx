import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { company } from "../../../content/company";
import { ContactForm } from "../components/ContactForm";
import styles from "./site.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /contact-us (and its app variant): where we are, how to reach us, and a message form. */
export default function ContactPage({ app = false }: { app?: boolean }) {
  const { t } = useLingui();
  usePageMeta({ title: t`Contact us`, description: t`Write to us or call our support team about orders, credit and repayments.` });
  const { productName } = useConfig();
  const hours = t(company.supportHours);
  const address = t(company.officeAddress);
  return (
    <section className={`container ${styles.section}`} aria-labelledby="contact-title">
      <h1 id="contact-title">
        <Trans>Contact us</Trans>
      </h1>
      <p className={styles.intro} style={{ textAlign: "left", marginInline: 0 }}>
        <Trans>
          Questions about credit, orders or repayments? The {productName} team is here {hours}.
        </Trans>
      </p>
      <div className={styles.two}>
        <ContactForm />
        <div>
          <ul className={styles.details}>
            <li>
              <h2>
                <Trans>Location</Trans>
              </h2>
              <p>{address}</p>
            </li>
            <li>
              <h2>
                <Trans>Phone</Trans>
              </h2>
              <p>
                <a href={`tel:${company.supportPhone.replace(/\s/g, "")}`}>{company.supportPhone}</a>
              </p>
            </li>
            <li>
              <h2>
                <Trans>Email</Trans>
              </h2>
              <p>
                <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>
              </p>
            </li>
            <li>
              <h2>
                <Trans>Your data</Trans>
              </h2>
              <p>
                <Trans>
                  Want your account and data removed? Read our <Link to="/delete-data-policy">Delete Data Policy</Link>.
                </Trans>
              </p>
            </li>
          </ul>
          {!app && (
            <img src="/img/site/map.svg" alt={t`Map showing our office: ${address}`} width={560} height={360} className={styles.map} />
          )}
        </div>
      </div>
    </section>
  );
}
