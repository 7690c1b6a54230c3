import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { calendarDay } from "../../../lib/dates";
import { rupees, toPaise } from "../../../lib/money";
import { keyFactsPdfUrl, useKeyFacts } from "../api/get-key-facts";
import styles from "../loans.module.css";
import { LenderLine } from "./LenderLine";

const FEES = {
  processing: msg`Processing fee (GST included)`,
  documentation: msg`Documentation charge`,
  stampDuty: msg`Stamp duty on the loan agreement`,
} as const;
// The Hindi document is offered in Hindi whatever the page's language, as a language switch is.
// eslint-disable-next-line lingui/no-unlocalized-strings -- the document's language, named in it
const HINDI_KFS = "मुख्य तथ्य विवरण हिंदी में (PDF)";
// Who charges a fee and who is paid it, from the fee itself, as the PDF says it
// (upstream_mocks/lending/loan_documents.py payable_words): stamp duty paid on to a third party
// is the state government's tax on the agreement, which the lender collects.
const PAYABLE_LENDER = msg`charged by the lender and payable to the lender`;
const PAYABLE_THIRD_PARTY = msg`collected by the lender and paid to a third party`;
const PAYABLE_STATE = msg`a tax of the state government, collected by the lender and paid to the state government`;

function payableWords(fee: { kind: keyof typeof FEES; payableTo: "lender" | "third party" }) {
  if (fee.payableTo === "lender") return PAYABLE_LENDER;
  return fee.kind === "stampDuty" ? PAYABLE_STATE : PAYABLE_THIRD_PARTY;
}

/** The loan's Key Facts Statement on screen, and as a PDF in English or Hindi. */
export function KeyFactsSection({ loanNumber, enabled }: { loanNumber: string; enabled: boolean }) {
  const { t } = useLingui();
  const facts = useKeyFacts(loanNumber, { enabled });
  const data = facts.data;
  return (
    <section className="card" aria-labelledby="key-facts">
      <h2 id="key-facts" className={styles.subtitle}>
        <Trans>Key Facts Statement</Trans>
      </h2>
      <p className={styles.links}>
        <a href={keyFactsPdfUrl(loanNumber, "en")} download>
          <Trans>Key Facts Statement in English (PDF)</Trans>
        </a>
        <a href={keyFactsPdfUrl(loanNumber, "hi")} download lang="hi">
          {HINDI_KFS}
        </a>
      </p>
      {facts.isError && (
        <p className="alert alert-danger" role="alert">
          <Trans>We could not load the key facts.</Trans>
        </p>
      )}
      {data && (
        <>
          <LenderLine loan={data} />
          <dl className={styles.figures}>
            <div>
              <dt>
                <Trans>Loan amount sanctioned</Trans>
              </dt>
              <dd>{rupees(data.sanctionedAmount)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Net amount disbursed</Trans>
              </dt>
              <dd>
                <Trans>
                  {rupees(data.netDisbursed)} on {calendarDay(data.disbursedOn)}
                </Trans>
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Rate of interest</Trans>
              </dt>
              <dd>
                {data.rateType === "fixed" ? (
                  <Trans>{data.interestRate}% a year, fixed</Trans>
                ) : (
                  <Trans>{data.interestRate}% a year, floating</Trans>
                )}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Annual percentage rate (APR)</Trans>
                <span className={styles.explain}>
                  <Trans>The yearly cost with every fee included</Trans>
                </span>
              </dt>
              <dd>{data.apr}%</dd>
            </div>
            <div>
              <dt>
                <Trans>Repayment</Trans>
              </dt>
              <dd>
                <Trans>{data.instalmentCount} instalments</Trans>
              </dd>
            </div>
            <div>
              <dt>
                <Trans>Total interest</Trans>
              </dt>
              <dd>{rupees(data.totalInterest)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Total fees and charges</Trans>
              </dt>
              <dd>{rupees(data.totalFees)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Total amount payable</Trans>
              </dt>
              <dd>{rupees(data.totalPayable)}</dd>
            </div>
          </dl>
          <h3 className={styles.subtitle}>
            <Trans>Fees and charges</Trans>
          </h3>
          <ul className={styles.terms}>
            {data.fees.map((fee) => (
              <li key={fee.kind}>
                {t(FEES[fee.kind])}, {t(payableWords(fee))}: {rupees(fee.amount)}
              </li>
            ))}
          </ul>
          <h3 className={styles.subtitle}>
            <Trans>Terms</Trans>
          </h3>
          <ul className={styles.terms}>
            <li>
              <Trans>
                Penal charges: {rupees(data.penalCharge.amount)} once for each instalment not paid in full by its due date; never
                added to the principal, and no interest is charged on them.
              </Trans>
            </li>
            <li>
              <Trans>How a payment is applied: penal charges first, then interest due, then principal due.</Trans>
            </li>
            <li>
              <Trans>
                Cooling-off period: {data.coolingOffDays} days from disbursement, to leave the loan by repaying the principal and
                the interest for the days held, with no penalty.
              </Trans>
            </li>
            <li>
              {data.rateType === "floating" && toPaise(data.foreclosureChargePercent) === 0 ? (
                <Trans>
                  Foreclosure: repay the whole loan at any time, with no charge: RBI's rules on pre-payment charges do not allow one
                  on this floating-rate loan.
                </Trans>
              ) : (
                <Trans>
                  Foreclosure: repay the whole loan at any time; the charge is {data.foreclosureChargePercent}% of the principal
                  prepaid.
                </Trans>
              )}
            </li>
          </ul>
          <h3 className={styles.subtitle}>
            <Trans>Recovery agents</Trans>
          </h3>
          <ul className={styles.terms}>
            {data.recoveryAgents.map((agent) => (
              <li key={agent.name}>
                {agent.name}, <a href={`tel:${agent.phone.replace(/\s/g, "")}`}>{agent.phone}</a>
              </li>
            ))}
          </ul>
          <h3 className={styles.subtitle}>
            <Trans>Grievance redressal officer</Trans>
          </h3>
          <address>
            {data.grievanceOfficer.name}
            <br />
            <a href={`mailto:${data.grievanceOfficer.email}`}>{data.grievanceOfficer.email}</a>,{" "}
            <a href={`tel:${data.grievanceOfficer.phone.replace(/\s/g, "")}`}>{data.grievanceOfficer.phone}</a>
            <br />
            {data.grievanceOfficer.address}
          </address>
        </>
      )}
    </section>
  );
}
