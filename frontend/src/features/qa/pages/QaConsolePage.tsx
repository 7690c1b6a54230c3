import { Trans, useLingui } from "@lingui/react/macro";
import { usePageMeta } from "../../../lib/page-meta";
import { ClockPanel } from "../components/ClockPanel";
import { FaultsPanel } from "../components/FaultsPanel";
import { HoldPanel } from "../components/HoldPanel";
import { JournalPanel } from "../components/JournalPanel";
import { MandatesPanel } from "../components/MandatesPanel";
import { MoneyPanel } from "../components/MoneyPanel";
import { OutboxPanel } from "../components/OutboxPanel";
import { RecipesPanel } from "../components/RecipesPanel";
import { PeoplePanel } from "../components/PeoplePanel";
import { ResetPanel } from "../components/ResetPanel";
import styles from "../qa.module.css";

/**
 * /qa: the mocks' state and controls on one page, for testers (served only beside the mocks).
 * Sections in the order a tester needs them: the hold on the shared world, the clock, the outboxes, faults, the journal, money, mandates, people, reset.
 */
export default function QaConsolePage() {
  const { t } = useLingui();
  usePageMeta({ title: t`QA console` });
  const sections = [
    ["hold", t`Hold`],
    ["clock", t`Clock`],
    ["outboxes", t`Outboxes`],
    ["faults", t`Faults`],
    ["journal", t`Journal`],
    ["recipes", t`Recipes`],
    ["money", t`Money`],
    ["mandates", t`Mandates`],
    ["people", t`People`],
    ["world", t`Reset`],
  ];
  return (
    <main className={`container ${styles.page}`}>
      <header className={styles.bar}>
        <h1>
          <Trans>QA console</Trans>
        </h1>
        <nav aria-label={t`Sections`}>
          <ul className={styles.nav}>
            {sections.map(([id, name]) => (
              <li key={id}>
                <a href={`#${id}`}>{name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.muted}>
          <Trans>Mocks only: this page and /_mocks are never served in production.</Trans>
        </p>
      </header>
      <HoldPanel />
      <ClockPanel />
      <OutboxPanel />
      <FaultsPanel />
      <JournalPanel />
      <RecipesPanel />
      <MoneyPanel />
      <MandatesPanel />
      <PeoplePanel />
      <ResetPanel />
    </main>
  );
}
