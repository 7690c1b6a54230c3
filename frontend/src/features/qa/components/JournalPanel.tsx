import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useJournal, type JournalEntry } from "../api/mocks";
import { MockSelect } from "./MockSelect";
import { TableHead } from "./TableHead";
import styles from "../qa.module.css";
import { ScrollBox } from "./ScrollBox";
import { inIndia } from "./when";

/** At most this many rows on screen: the mocks keep the last thousand calls. */
const SHOWN = 200;

type StatusFilter = "" | "2" | "4" | "5" | "failed";

function statusMatches(entry: JournalEntry, filter: StatusFilter): boolean {
  if (filter === "") return true;
  // A dropped connection is journaled with the status it never sent (0).
  if (filter === "failed") return entry.status >= 400 || entry.status === 0;
  return String(entry.status).startsWith(filter);
}

/** Every call the mocks received, newest first, live, filtered by mock, path, status and trace id. */
export function JournalPanel() {
  const { t } = useLingui();
  const [mock, setMock] = useState("");
  const [path, setPath] = useState("");
  const [status, setStatus] = useState<StatusFilter>("");
  const [trace, setTrace] = useState("");
  const journal = useJournal(mock);
  const all = [...(journal.data ?? [])].reverse();
  const shown = all
    .filter((e) => (!path || e.path.includes(path.trim())) && statusMatches(e, status) && (!trace || e.requestId === trace))
    .slice(0, SHOWN);

  return (
    <section id="journal" aria-labelledby="journal-title" className={`card ${styles.section}`}>
      <h2 id="journal-title">
        <Trans>Journal: what each mock received</Trans>
      </h2>
      <form className={styles.row} role="search" aria-label={t`Filter the journal`} onSubmit={(e) => e.preventDefault()}>
        <MockSelect value={mock} onChange={setMock} any={t`Every mock`} />
        <label className={styles.field}>
          <Trans>Path contains</Trans>
          <input value={path} onChange={(e) => setPath(e.target.value)} className={styles.mono} />
        </label>
        <label className={styles.field}>
          <Trans>Status</Trans>
          <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            <option value="">{t`Any`}</option>
            <option value="2">{t`2xx`}</option>
            <option value="4">{t`4xx`}</option>
            <option value="5">{t`5xx`}</option>
            <option value="failed">{t`Failed (4xx, 5xx, dropped)`}</option>
          </select>
        </label>
        <label className={styles.field}>
          <Trans>Trace id</Trans>
          <input value={trace} onChange={(e) => setTrace(e.target.value.trim())} className={styles.mono} size={34} />
        </label>
        {trace && (
          <button type="button" className="btn btn-outline" onClick={() => setTrace("")}>
            <Trans>Every trace</Trans>
          </button>
        )}
      </form>
      <p className={styles.muted} role="status" aria-live="polite">
        <Trans>
          {shown.length} of {all.length} calls shown, newest first; read again every 2 seconds.
        </Trans>
      </p>
      <ScrollBox label={t`Every call, scrollable`}>
        <table className={styles.table} aria-labelledby="journal-title">
          <TableHead columns={[t`Time`, t`Mock`, t`Call`, t`Status`, t`Trace id`, t`Body`]} />
          <tbody>
            {shown.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}>
                <td>{inIndia(entry.at)}</td>
                <td>{entry.mock}</td>
                <td className={styles.mono}>
                  {entry.method} /{entry.path}
                  {entry.query ? `?${entry.query}` : ""}
                  {entry.operation && <div className={styles.muted}>{entry.operation}</div>}
                </td>
                <td className={entry.status >= 400 || entry.status === 0 ? styles.failed : undefined}>
                  {entry.status === 0 ? t`dropped` : entry.status}
                </td>
                <td className={styles.mono}>
                  {entry.requestId ? (
                    <button
                      type="button"
                      className="link-button"
                      title={t`Every call of this request`}
                      onClick={() => setTrace(entry.requestId ?? "")}
                    >
                      {entry.requestId}
                    </button>
                  ) : (
                    "—"
                  )}
                </td>
                <td>
                  {entry.body != null && (
                    <details>
                      <summary>
                        <Trans>Body</Trans>
                      </summary>
                      <pre className={styles.mono}>{JSON.stringify(entry.body, null, 2)}</pre>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
