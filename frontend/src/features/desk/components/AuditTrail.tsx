import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { dayAndTime } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import { auditCsvUrl, useAuditTrail, type AuditFilters } from "../api/desk";
import { AUDIT_ACTION_WORDS, AUDIT_OUTCOME_WORDS, wordFor } from "./words";
import styles from "../desk.module.css";

/**
 * The desk's audit trail from the gateway's own database: a customer's (when `customer` is given)
 * or the whole desk's, newest first, filtered by staff, action and India's days, and the same
 * entries as a CSV file.
 */
export function AuditTrail({ customer }: { customer?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [form, setForm] = useState<AuditFilters>({});
  const [filters, setFilters] = useState<AuditFilters>({});
  const asked = { ...filters, ...(customer ? { customer } : {}) };
  const trail = useAuditTrail(asked);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...form, staff: form.staff?.trim() });
  };
  const field = (name: keyof AuditFilters) => ({
    value: form[name] ?? "",
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  const outcome = (value: string) => {
    const [kind, code] = value.split(": ");
    const said = wordFor(i18n, AUDIT_OUTCOME_WORDS, kind ?? value);
    return code ? `${said} (${code})` : said;
  };
  const heading = customer ? t`Audit trail for this customer` : t`Audit trail for the whole desk`;
  return (
    <section className={customer ? undefined : `card ${styles.panel}`} aria-labelledby={`${id}-audit`}>
      <h3 id={`${id}-audit`} className={styles.subtitle}>
        {heading}
      </h3>
      <form className={styles.filters} onSubmit={apply} aria-label={t`Filter the audit trail`}>
        <label className={styles.field}>
          <Trans>Staff name</Trans>
          <input className="form-control" maxLength={64} {...field("staff")} />
        </label>
        <label className={styles.field}>
          <Trans>Action</Trans>
          <select className="form-control" {...field("action")}>
            <option value="">{t`Any action`}</option>
            {Object.keys(AUDIT_ACTION_WORDS).map((action) => (
              <option key={action} value={action}>
                {wordFor(i18n, AUDIT_ACTION_WORDS, action)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <Trans>From</Trans>
          <input type="date" className="form-control" {...field("from")} />
        </label>
        <label className={styles.field}>
          <Trans>To</Trans>
          <input type="date" className="form-control" {...field("to")} />
        </label>
        <button type="submit" className="btn btn-outline">
          <Trans>Show</Trans>
        </button>
        <a className="btn btn-outline" href={auditCsvUrl(asked)} download>
          <Trans>Export as CSV</Trans>
        </a>
      </form>
      {trail.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(trail.error, t`Could not read the audit trail. Please try again.`)}
        </p>
      )}
      {trail.data?.length === 0 && (
        <p>
          <Trans>Nothing in the audit trail for these filters.</Trans>
        </p>
      )}
      <ol className={styles.timeline} aria-label={heading}>
        {trail.data?.map((entry) => (
          <li key={entry.id}>
            <span className={styles.when}>{dayAndTime(entry.at)}</span>
            <strong>{wordFor(i18n, AUDIT_ACTION_WORDS, entry.action)}</strong>
            <span>
              {entry.staff} ({entry.role})
            </span>
            {!customer && entry.customer && <span>{entry.customer}</span>}
            {entry.reference && <span>{entry.reference}</span>}
            {entry.amount && <span>{rupees(entry.amount)}</span>}
            <span>{outcome(entry.outcome)}</span>
            {entry.reason && <span className={styles.note}>{entry.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
