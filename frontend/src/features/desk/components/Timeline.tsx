import { Trans, useLingui } from "@lingui/react/macro";
import { dayAndTime, dayOf } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { TimelineEntry } from "../api/desk";
import { CODE_REFUSAL_WORDS, EVENT_WORDS, SOURCE_WORDS } from "./words";
import styles from "../desk.module.css";

// A complaint's words and a message's subject or text are what support reads them for; other
// entries' notes repeat what the row shows.
const NOTED = /^(complaint|mailSent|smsSent)/;

/** One timeline, newest first, each entry saying which upstream recorded it. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="desk-timeline">
      <h3 id="desk-timeline" className={styles.subtitle}>
        <Trans>Timeline</Trans>
      </h3>
      <ol className={styles.timeline}>
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${entry.kind}-${index}`}>
            {/* A source that knows only the day (a Fineract repayment the provider cannot date) shows the date alone. */}
            <span className={styles.when}>{entry.timeKnown === false ? dayOf(entry.at) : dayAndTime(entry.at)}</span>
            <strong>{EVENT_WORDS[entry.kind] ? i18n._(EVENT_WORDS[entry.kind]!) : entry.kind}</strong>
            <span>{entry.reference}</span>
            {entry.amount && <span>{rupees(entry.amount)}</span>}
            {entry.note && NOTED.test(entry.kind) && <span className={styles.note}>{entry.note}</span>}
            {entry.kind === "loginCodeRefused" && entry.note && (
              <span className={styles.note}>
                {CODE_REFUSAL_WORDS[entry.note] ? i18n._(CODE_REFUSAL_WORDS[entry.note]!) : entry.note}
              </span>
            )}
            <span className={styles.source}>{i18n._(SOURCE_WORDS[entry.source])}</span>
            {entry.sentTo && (
              <span>
                <Trans>To {entry.sentTo}</Trans>
              </span>
            )}
            {entry.providerReference && (
              <span>
                <Trans>Reference {entry.providerReference}</Trans>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
