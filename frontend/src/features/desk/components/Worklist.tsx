import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../api/client";
import { calendarDay, dayAndTime } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import { useResolveFinding, useWorklistDay, useWorklistRuns, type FindingView } from "../api/desk";
import { ATTENTION_WORDS, KIND_WORDS, PAYOUT_ADVICE, PAYOUT_ADVICE_OTHER, wordFor } from "./words";
import styles from "../desk.module.css";

/** Where the desk looks something up by what support would type: the order, loan or payment. */
const lookUp = (reference: string) => `/desk?find=${encodeURIComponent(reference)}`;

/**
 * The reconciliation worklist (supervisors): the daily job's stored runs, each saying whether it
 * needs attention; a chosen day's findings (yesterday's, India's, unless another is picked) with
 * how long each has been open, a dispute's deadline, and links to our record and the provider's;
 * resolve with a note. Every open dispute and chargeback is listed too, whatever the day, nearest
 * deadline first: a deadline does not wait for someone to pick the day it was found.
 */
export function Worklist() {
  const { t, i18n } = useLingui();
  const runs = useWorklistRuns();
  const [chosen, setChosen] = useState<string | null>(null);
  const worklist = useWorklistDay(chosen ?? "yesterday", runs.data);
  const day = chosen ?? worklist.data?.day ?? null;
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="desk-worklist">
      <h2 id="desk-worklist" className={styles.subtitle}>
        <Trans>Reconciliation worklist</Trans>
      </h2>
      {(runs.isError || worklist.isError) && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(runs.error ?? worklist.error, t`Could not read the worklist. Please try again.`)}
        </p>
      )}
      <label className={styles.field}>
        <Trans>Day</Trans>
        <input type="date" className="form-control" value={day ?? ""} onChange={(e) => setChosen(e.target.value || null)} />
      </label>
      <ul className={styles.kinds} aria-label={t`Reconciliation runs`}>
        {runs.data?.map((run) => (
          <li key={run.day}>
            <button type="button" className="btn btn-outline" aria-pressed={run.day === day} onClick={() => setChosen(run.day)}>
              {calendarDay(run.day)}: {rupees(run.unreconciled)} · <Trans>{run.openFindings} open</Trans>
            </button>
            {run.attention.map((reason) => (
              <strong key={reason} className={styles.attention}>
                {wordFor(i18n, ATTENTION_WORDS, reason)}
              </strong>
            ))}
          </li>
        ))}
      </ul>
      {worklist.data && worklist.data.openDisputes.length > 0 && (
        <>
          <h3 id="desk-open-disputes" className={styles.subtitle}>
            <Trans>Open disputes and chargebacks</Trans>
          </h3>
          <ol className={styles.timeline} aria-labelledby="desk-open-disputes">
            {worklist.data.openDisputes.map((finding) => (
              <Finding key={finding.id} finding={finding} foundOn />
            ))}
          </ol>
        </>
      )}
      {worklist.data && !worklist.data.run && (
        <p>
          <Trans>No reconciliation run is stored for this day.</Trans>
        </p>
      )}
      {worklist.data?.run && (worklist.data.run.passes?.length ?? 0) > 0 && (
        <ol className={styles.timeline} aria-label={t`Runs of the day`}>
          {worklist.data.run.passes?.map((run) => {
            const when = dayAndTime(run.ranAt);
            const unreconciled = rupees(run.unreconciled);
            const inTransit = rupees(run.inTransitNet);
            const atTheBank = rupees(run.refundsInTransit);
            const found = run.found;
            return (
              <li key={run.ranAt}>
                <Trans>
                  Run {when}: {found} found, {unreconciled} unreconciled, {inTransit} in transit
                </Trans>
                {Number(run.refundsInTransit) > 0 && (
                  <>
                    {" "}
                    <Trans>({atTheBank} of refunds still at the bank)</Trans>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {worklist.data?.run && worklist.data.findings.length === 0 && (
        <p>
          <Trans>Every rupee of this day is reconciled.</Trans>
        </p>
      )}
      {worklist.data?.run && (
        <ol className={styles.timeline} aria-label={t`Findings of the day`}>
          {worklist.data.findings.map((finding) => (
            <Finding key={finding.id} finding={finding} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** One finding; `foundOn`: said which day's run found it (in a list of more days than one). */
function Finding({ finding, foundOn = false }: { finding: FindingView; foundOn?: boolean }) {
  const { t, i18n } = useLingui();
  const [note, setNote] = useState("");
  const resolve = useResolveFinding();
  // A failed payout's: why, as the payouts provider said it, and what the desk does about it.
  const why = finding.reasonCode
    ? {
        code: finding.reasonCode,
        said: finding.reasonText ?? finding.reasonCode,
        advice: i18n._(PAYOUT_ADVICE[finding.reasonCode] ?? PAYOUT_ADVICE_OTHER),
      }
    : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resolve.mutate({ id: finding.id, note: note.trim() });
  };
  return (
    <li>
      <strong>{wordFor(i18n, KIND_WORDS, finding.kind)}</strong>
      <span>{finding.reference ?? finding.providerOrderId}</span>
      {foundOn && (
        <span>
          <Trans>Found on {calendarDay(finding.day)}</Trans>
        </span>
      )}
      {finding.recorded != null && (
        <span>
          <Trans>Ours {rupees(finding.recorded)}</Trans>
        </span>
      )}
      {finding.settled != null && (
        <span>
          <Trans>Provider's {rupees(finding.settled)}</Trans>
        </span>
      )}
      {finding.settledNet != null && finding.fee != null && (
        <span>
          <Trans>
            Net {rupees(finding.settledNet)} after fee and tax {rupees(finding.fee)}
          </Trans>
        </span>
      )}
      <span>
        <Trans>Unreconciled {rupees(finding.unreconciled)}</Trans>
      </span>
      {finding.utr && (
        <span>
          <Trans>Bank reference (UTR) {finding.utr}</Trans>
        </span>
      )}
      {why && (
        <span>
          <Trans>
            Why: {why.said} ({why.code})
          </Trans>
        </span>
      )}
      {why && !finding.paidByRetry && (
        <span>
          <Trans>What to do: {why.advice}</Trans>
        </span>
      )}
      {finding.respondBy && (
        <strong className={finding.resolvedAt ? undefined : styles.attention}>
          <Trans>
            Respond by {calendarDay(finding.respondBy)} ({finding.daysToRespond} days left)
          </Trans>
        </strong>
      )}
      {finding.reference && (
        <Link to={lookUp(finding.reference)}>
          <Trans>Our side: {finding.reference}</Trans>
        </Link>
      )}
      <Link to={lookUp(finding.providerOrderId)}>
        <Trans>Provider's side: {finding.cfPaymentId ?? finding.providerOrderId}</Trans>
      </Link>
      {finding.resolvedAt && finding.paidByRetry ? (
        // Closed by the reconciliation: a later attempt (another account the shopper gave) was paid.
        <>
          <span>
            <Trans>Paid by a retry on {dayAndTime(finding.resolvedAt)}</Trans>
          </span>
          <Link to={lookUp(finding.paidByRetry)}>
            <Trans>The retry: {finding.paidByRetry}</Trans>
          </Link>
        </>
      ) : finding.resolvedAt ? (
        <span>
          <Trans>
            Resolved by {finding.resolvedBy} on {dayAndTime(finding.resolvedAt)}
          </Trans>
          <span className={styles.note}>{finding.note}</span>
        </span>
      ) : (
        <>
          <span>
            <Trans>Open {finding.daysOpen} days</Trans>
          </span>
          <form onSubmit={submit} aria-label={t`Resolve this finding`}>
            <label className={styles.field}>
              <Trans>Note</Trans>
              <input className="form-control" value={note} maxLength={500} required onChange={(e) => setNote(e.target.value)} />
            </label>
            <button type="submit" className="btn btn-primary" disabled={resolve.isPending || !note.trim()}>
              <Trans>Resolve</Trans>
            </button>
          </form>
          {resolve.isError && (
            <p className="alert alert-danger" role="alert">
              {errorMessage(resolve.error, t`Could not resolve it. Please try again.`)}
            </p>
          )}
        </>
      )}
    </li>
  );
}
