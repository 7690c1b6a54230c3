import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import source from "../../../content/about.md?raw";
import { useConfig } from "../../../lib/config";
import { usePageMeta } from "../../../lib/page-meta";
import { EnglishTextNote } from "../components/EnglishTextNote";
import { useSay } from "../components/figures";
import { Markdown } from "../components/Markdown";
import { team } from "../data/about";
import { backers } from "../data/lender";
import styles from "./site.module.css";

/** The story's text around its two sections with pictures, so each is said once. */
function parts(text: string) {
  const [story, afterTeam = ""] = text.split(/^## Our team\n/m);
  const [teamText, afterBackers = ""] = afterTeam.split(/^## Our backers\n/m);
  const [backersText, ...rest] = afterBackers.split(/^(?=## )/m);
  return { story, teamText: teamText.trim(), backersText: backersText.trim(), rest: rest.join("") };
}

const ABOUT = parts(source);

// The story stays in English (content/about.md); a reader of another language gets this first.
const SUMMARY = msg({
  message:
    "We help India's electrical shops, contractors and electricians buy the stock they need on credit, from the distributors they already know, with repayment in {repaymentDaysFrom} to {repaymentDaysTo} days. Distributors sell more and are paid on time, and our partnered lenders reach small businesses that banks find hard to serve. We value trust, simplicity and responsible credit.",
});

/** /AboutUs and /aboutUs_{product}: the story, the team and the backers (once each), then the values. */
export default function AboutPage() {
  const { t, i18n } = useLingui();
  const say = useSay();
  const { productName } = useConfig();
  usePageMeta({
    title: t`About us`,
    description: t`Who we are: the team and backers behind credit for India's electrical-goods trade.`,
  });
  const english = i18n.locale !== "en";
  return (
    <>
      <article className="container page-narrow">
        <EnglishTextNote title={t`About ${productName}`} summary={say(SUMMARY)} />
        <Markdown source={ABOUT.story} english={english} />
      </article>
      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">
            <Trans>Our team</Trans>
          </h2>
          <div className={`page-narrow ${styles.aboutText}`}>
            <Markdown source={ABOUT.teamText} english={english} />
          </div>
          <img src="/img/site/about-team.svg" alt="" width={900} height={360} className={`${styles.figure} ${styles.teamFigure}`} />
          <ul className={styles.team}>
            {team.map((person) => (
              <li key={person.avatar}>
                <img loading="lazy" src={person.avatar} alt="" width={112} height={112} />
                <h3>{t(person.name)}</h3>
                <p>{t(person.role)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="backers-title">
        <div className="container">
          <h2 id="backers-title">
            <Trans>Our backers</Trans>
          </h2>
          <div className={`page-narrow ${styles.aboutText}`}>
            <Markdown source={ABOUT.backersText} english={english} />
          </div>
          <ul className={`${styles.logos} ${styles.plainList}`}>
            {backers.map((backer) => (
              <li key={backer.image}>
                <img loading="lazy" src={backer.image} alt={backer.name} width={180} height={72} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      {ABOUT.rest && (
        <article className={`container page-narrow ${styles.aboutRest}`}>
          <Markdown source={ABOUT.rest} english={english} />
        </article>
      )}
    </>
  );
}
