import { Trans, useLingui } from "@lingui/react/macro";
import { calendarDay, dayAndTime } from "../../../lib/dates";
import type { DeskComplaint } from "../api/desk";
import { COMPLAINT_CATEGORY_WORDS, COMPLAINT_STATUS_WORDS, wordFor } from "./words";
import styles from "../desk.module.css";

/** The customer's complaints to the lender, newest first: what each is about and where it stands. */
export function Complaints({ complaints }: { complaints: DeskComplaint[] }) {
  const { i18n } = useLingui();
  const words = (table: Parameters<typeof wordFor>[1], key: string) => wordFor(i18n, table, key);
  return (
    <section aria-labelledby="desk-complaints">
      <h3 id="desk-complaints" className={styles.subtitle}>
        <Trans>Complaints</Trans>
      </h3>
      {complaints.length === 0 && (
        <p>
          <Trans>No complaints.</Trans>
        </p>
      )}
      <ul className={styles.rows}>
        {complaints.map((complaint) => {
          const category = words(COMPLAINT_CATEGORY_WORDS, complaint.category);
          const status = words(COMPLAINT_STATUS_WORDS, complaint.status);
          const raised = dayAndTime(complaint.raisedAt);
          const updated = dayAndTime(complaint.updatedAt);
          const due = calendarDay(complaint.answerDueBy);
          return (
            <li key={complaint.ticketNumber}>
              <strong>{complaint.ticketNumber}</strong>
              <span>{category}</span>
              <span>{complaint.text}</span>
              <span>{status}</span>
              <span className={styles.when}>
                <Trans>
                  Raised {raised}; last changed {updated}; answer due by {due}
                </Trans>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
