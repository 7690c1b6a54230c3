import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import { schedulePdfUrl, useSchedule } from "../api/get-schedule";
import styles from "../loans.module.css";

const STATUS = { paid: msg`Paid`, overdue: msg`Overdue`, due: msg`Due today`, upcoming: msg`Upcoming` } as const;

/** The instalment schedule: each instalment's principal and interest, what is paid and its status. */
export function ScheduleSection({ loanNumber, enabled }: { loanNumber: string; enabled: boolean }) {
  const { t } = useLingui();
  const schedule = useSchedule(loanNumber, { enabled });
  return (
    <section className="card" aria-labelledby="schedule">
      <h2 id="schedule" className={styles.subtitle}>
        <Trans>Instalment schedule</Trans>
      </h2>
      <p className={styles.links}>
        <a href={schedulePdfUrl(loanNumber)} download>
          <Trans>Instalment schedule (PDF)</Trans>
        </a>
      </p>
      {schedule.isError && (
        <p className="alert alert-danger" role="alert">
          <Trans>We could not load the schedule.</Trans>
        </p>
      )}
      {schedule.data && (
        <div className={styles.tableWrap} tabIndex={0} role="group" aria-labelledby="schedule">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>No.</Trans>
                </th>
                <th scope="col">
                  <Trans>Due date</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Principal</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Interest</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Instalment</Trans>
                </th>
                <th scope="col" className={styles.number}>
                  <Trans>Paid</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.data.instalments.map((instalment) => (
                <tr key={instalment.number}>
                  <td>{instalment.number}</td>
                  <td className={styles.date}>{calendarDay(instalment.dueOn)}</td>
                  <td className={styles.number}>{rupees(instalment.principal)}</td>
                  <td className={styles.number}>{rupees(instalment.interest)}</td>
                  <td className={styles.number}>{rupees(instalment.amount)}</td>
                  <td className={styles.number}>{rupees(instalment.paid)}</td>
                  <td>{t(STATUS[instalment.status])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
