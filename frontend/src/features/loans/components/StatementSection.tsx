import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { errorMessage } from "../../../api/client";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import { statementPdfUrl, useStatement, type LoanStatement, type Period } from "../api/get-statement";
import styles from "../loans.module.css";

type Row = LoanStatement["rows"][number];

function Particulars({ row }: { row: Row }) {
  const number = row.instalment ?? 0;
  const reference = row.reference ?? "";
  switch (row.kind) {
    case "disbursement":
      return <Trans>Loan disbursed</Trans>;
    case "instalmentDue":
      return <Trans>Instalment {number} due: interest</Trans>;
    case "penalCharge":
      return <Trans>Penal charge: instalment {number}</Trans>;
    default: {
      const split = row.allocation;
      if (!split) return <Trans>Payment {reference}</Trans>;
      const charges = rupees(split.penalCharges);
      const interest = rupees(split.interest);
      const principal = rupees(split.principal);
      return (
        <Trans>
          Payment {reference}: penal charges {charges}, interest {interest}, principal {principal}
        </Trans>
      );
    }
  }
}

/** The statement of account for a period the borrower picks (the loan's life by default), on
 * screen and as a PDF of the same period. */
export function StatementSection({ loanNumber, first, last }: { loanNumber: string; first: string; last: string }) {
  const { t } = useLingui();
  const [from, setFrom] = useState(first);
  const [to, setTo] = useState(last);
  const [period, setPeriod] = useState<Period>({ from: first, to: last });
  const statement = useStatement(loanNumber, period);
  const data = statement.data;
  return (
    <section className="card" aria-labelledby="statement">
      <h2 id="statement" className={styles.subtitle}>
        <Trans>Statement of account</Trans>
      </h2>
      <form
        className={styles.period}
        onSubmit={(event) => {
          event.preventDefault();
          setPeriod({ from, to });
        }}
      >
        <label>
          <Trans>From</Trans>
          <input type="date" value={from} min={first} max={last} required onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          <Trans>To</Trans>
          <input type="date" value={to} min={first} max={last} required onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className="btn btn-outline">
          <Trans>Show statement</Trans>
        </button>
      </form>
      {statement.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(statement.error, t`We could not load the statement.`)}
        </p>
      )}
      {data && (
        <>
          <p className={styles.links}>
            <a href={statementPdfUrl(loanNumber, period)} download>
              <Trans>
                Statement from {calendarDay(data.from)} to {calendarDay(data.to)} (PDF)
              </Trans>
            </a>
          </p>
          <dl className={styles.figures}>
            <div>
              <dt>
                <Trans>Opening balance</Trans>
              </dt>
              <dd>{rupees(data.openingBalance)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Closing balance</Trans>
              </dt>
              <dd data-testid="closing-balance">{rupees(data.closingBalance)}</dd>
            </div>
          </dl>
          {data.rows.length === 0 ? (
            <p>
              <Trans>Nothing happened on the loan in this period.</Trans>
            </p>
          ) : (
            <div className={styles.tableWrap} tabIndex={0} role="group" aria-labelledby="statement">
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Date</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Particulars</Trans>
                    </th>
                    <th scope="col" className={styles.number}>
                      <Trans>Debit</Trans>
                    </th>
                    <th scope="col" className={styles.number}>
                      <Trans>Credit</Trans>
                    </th>
                    <th scope="col" className={styles.number}>
                      <Trans>Balance</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row, index) => (
                    <tr key={`${row.date}-${row.kind}-${index}`}>
                      <td className={styles.date}>{calendarDay(row.date)}</td>
                      <td>
                        <Particulars row={row} />
                      </td>
                      <td className={styles.number}>{rupees(row.debit)}</td>
                      <td className={styles.number}>{rupees(row.credit)}</td>
                      <td className={styles.number}>{rupees(row.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
