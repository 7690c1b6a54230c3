import { Trans, useLingui } from "@lingui/react/macro";
import { usePageMeta } from "../../../lib/page-meta";
import { ClockPanel } from "../components/ClockPanel";
import { FaultsPanel } from "../components/FaultsPanel";
import { JournalPanel } from "../components/JournalPanel";
import { OutboxPanel } from "../components/OutboxPanel";
import { ResetPanel } from "../components/ResetPanel";
import styles from "../qa.module.css";

/**
 * /qa: the mocks' state and controls on one page, for testers (served only beside the mocks).
 * Sections in the order a tester needs them: the clock, the outboxes, faults, the journal, reset.
 */
export default function QaConsolePage() {
  const { t } = useLingui();
  usePageMeta({ title: t`QA console` });
  return (
    <main className={`container ${styles.page}`}>
      <header className={styles.bar}>
        <h1>
          <Trans>QA console</Trans>
        </h1>
        <nav aria-label={t`Sections`}>
          <ul className={styles.nav}>
            <li>
              <a href="#clock">{t`Clock`}</a>
            </li>
            <li>
              <a href="#outboxes">{t`Outboxes`}</a>
            </li>
            <li>
              <a href="#faults">{t`Faults`}</a>
            </li>
            <li>
              <a href="#journal">{t`Journal`}</a>
            </li>
            <li>
              <a href="#world">{t`Reset`}</a>
            </li>
          </ul>
        </nav>
        <p className={styles.muted}>
          <Trans>Mocks only: this page and /_mocks are never served in production.</Trans>
        </p>
      </header>
      <ClockPanel />
      <OutboxPanel />
      <FaultsPanel />
      <JournalPanel />
      <ResetPanel />
    </main>
  );
}
