import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import { useKeyFacts } from "../api/get-key-facts";
import styles from "../credit.module.css";
import { FactList } from "./FactList";

/** Where an offer's Key Facts Statement is kept as a PDF, in the language asked for. */
export function keyFactsPdfUrl(offerId: string, language: "en" | "hi"): string {
  return `/api/credit/offers/${encodeURIComponent(offerId)}/key-facts/pdf?language=${language}`;
}

// The Hindi document is offered in Hindi whatever the page's language, as a language switch is.
// eslint-disable-next-line lingui/no-unlocalized-strings -- the document's language, named in it
const HINDI_KEY_FACTS = "मुख्य तथ्य विवरण हिंदी में (PDF)";

/** An offer's Key Facts Statement, read here and acknowledged before the offer can be accepted. */
export function KeyFactsPanel({
  offerId,
  acknowledged,
  onAcknowledge,
  onAccept,
  accepting,
  error,
}: {
  offerId: string;
  acknowledged: boolean;
  onAcknowledge: (value: boolean) => void;
  onAccept: () => void;
  accepting: boolean;
  error: string | null;
}) {
  const { t } = useLingui();
  const id = useId();
  const facts = useKeyFacts(offerId);
  const data = facts.data;
  return (
    <section className={`card ${styles.keyFacts}`} aria-labelledby={`${id}-kfs`}>
      <h2 id={`${id}-kfs`}>
        <Trans>Key Facts Statement</Trans>
      </h2>
      {facts.isPending && (
        <p className={styles.hint} role="status">
          <Trans>Loading the Key Facts…</Trans>
        </p>
      )}
      {facts.isError && (
        <p className="alert alert-danger" role="alert">
          <Trans>We could not load the key facts.</Trans>{" "}
          <button type="button" className="link-button" onClick={() => void facts.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {data && (
        <>
          <p>
            <Trans>
              Lender: {data.lender.name}, an NBFC registered with the Reserve Bank of India ({data.lender.registration}). Lending service
              provider: {data.lendingServiceProvider}.
            </Trans>
          </p>
          <FactList
            facts={[
              {
                term: <Trans>Borrower</Trans>,
                value: `${data.borrowerName}, ${data.businessName}`,
              },
              { term: <Trans>Credit limit</Trans>, value: rupees(data.creditLimit) },
              { term: <Trans>Annual percentage rate (APR)</Trans>, value: `${data.apr}%` },
              {
                term: <Trans>Rate of interest</Trans>,
                value:
                  data.rateType === "fixed" ? (
                    <Trans>
                      {data.interestRate}% a year, fixed, only on an amount not repaid within {data.interestFreeDays} days
                    </Trans>
                  ) : (
                    <Trans>
                      {data.interestRate}% a year, floating, only on an amount not repaid within {data.interestFreeDays} days
                    </Trans>
                  ),
              },
              { term: <Trans>Processing fee (GST included)</Trans>, value: rupees(data.processingFee) },
              {
                term: <Trans>Penal charges</Trans>,
                value: <Trans>{rupees(data.penalCharge.amount)} for each amount not repaid by its due date, never added to the principal</Trans>,
              },
              {
                term: <Trans>Cooling-off period</Trans>,
                value: (
                  <Trans>
                    {data.coolingOffDays} days from acceptance: leave by repaying what you used and the APR for the days held, with no penalty
                  </Trans>
                ),
              },
              {
                term: <Trans>Foreclosure charge</Trans>,
                value: <Trans>{data.foreclosureChargePercent}% of the principal repaid early</Trans>,
              },
              {
                term: <Trans>Recovery agents</Trans>,
                value: data.recoveryAgents.map((agent) => `${agent.name}, ${agent.phone}`).join("; "),
              },
              {
                term: <Trans>Grievance redressal officer</Trans>,
                value: `${data.grievanceOfficer.name}, ${data.grievanceOfficer.email}, ${data.grievanceOfficer.phone}`,
              },
              { term: <Trans>This statement is valid until</Trans>, value: calendarDay(data.keyFactsValidUntil) },
              { term: <Trans>Version</Trans>, value: data.keyFactsVersion },
            ]}
          />
          <p className={styles.links}>
            <a href={keyFactsPdfUrl(offerId, "en")} download>
              <Trans>Key Facts Statement in English (PDF)</Trans>
            </a>
            <a href={keyFactsPdfUrl(offerId, "hi")} download lang="hi">
              {HINDI_KEY_FACTS}
            </a>
          </p>
          <label className={styles.consent}>
            <input type="checkbox" checked={acknowledged} onChange={(e) => onAcknowledge(e.target.checked)} />
            <span>
              <Trans>I have read and understood the Key Facts Statement.</Trans>
            </span>
          </label>
          {error && (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="btn btn-primary" disabled={!acknowledged || accepting} onClick={onAccept}>
            <Trans>Accept this offer</Trans>
          </button>
          {!acknowledged && <p className={styles.hint}>{t`Tick the box above to accept.`}</p>}
        </>
      )}
    </section>
  );
}
