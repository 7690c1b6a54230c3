import source from "../../../content/about.md?raw";
import { Markdown } from "../components/Markdown";
import { backers, team } from "../data/marketing";
import styles from "./site.module.css";

/** /AboutUs and /aboutUs_{product}: the story, the team and the backers. */
export default function AboutPage() {
  return (
    <>
      <article className="container page-narrow">
        <Markdown source={source} />
      </article>
      <section className={`${styles.section} ${styles.soft}`} aria-labelledby="team-title">
        <div className="container">
          <h2 id="team-title">Our team</h2>
          <p className={styles.intro}>People from the electrical trade, lending and technology, building together.</p>
          <img src="/img/site/about-team.svg" alt="" width={900} height={360} className={styles.figure} style={{ maxWidth: 640 }} />
          <ul className={styles.team} style={{ marginTop: "2rem" }}>
            {team.map((person) => (
              <li key={person.name}>
                <img src={person.avatar} alt="" width={112} height={112} />
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
          <p className={styles.intro}>The partnered lenders whose capital powers every credit line.</p>
          <ul className={styles.logos} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {backers.map((backer) => (
              <li key={backer.image}>
                <img src={backer.image} alt={backer.name} width={180} height={72} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
