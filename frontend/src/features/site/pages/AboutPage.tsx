import source from "../../../content/about.md?raw";
import { usePageMeta } from "../../../lib/page-meta";
import { Markdown } from "../components/Markdown";
import { backers, team } from "../data/marketing";
import styles from "./site.module.css";

/** The story's text around its two sections with pictures, so each is said once. */
function parts(text: string) {
  const [story, afterTeam = ""] = text.split(/^## Our team\n/m);
  const [teamText, afterBackers = ""] = afterTeam.split(/^## Our backers\n/m);
  const [backersText, ...rest] = afterBackers.split(/^(?=## )/m);
  return { story, teamText: teamText.trim(), backersText: backersText.trim(), rest: rest.join("") };
}

const ABOUT = parts(source);

/** /AboutUs and /aboutUs_{product}: the story, the team and the backers (once each), then the values. */
export default function AboutPage() {
  usePageMeta({ title: "About us", description: "Who we are: the team and backers behind credit for India's electrical-goods trade." });
  return (
    <>
      <article className="container page-narrow">
        <Markdown source={ABOUT.story} />
      </article>
      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">Our team</h2>
          <div className={`page-narrow ${styles.aboutText}`}>
            <Markdown source={ABOUT.teamText} />
          </div>
          <img src="/img/site/about-team.svg" alt="" width={900} height={360} className={`${styles.figure} ${styles.teamFigure}`} />
          <ul className={styles.team}>
            {team.map((person) => (
              <li key={person.name}>
                <img loading="lazy" src={person.avatar} alt="" width={112} height={112} />
                <h3>{person.name}</h3>
                <p>{person.role}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="backers-title">
        <div className="container">
          <h2 id="backers-title">Our backers</h2>
          <div className={`page-narrow ${styles.aboutText}`}>
            <Markdown source={ABOUT.backersText} />
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
          <Markdown source={ABOUT.rest} />
        </article>
      )}
    </>
  );
}
