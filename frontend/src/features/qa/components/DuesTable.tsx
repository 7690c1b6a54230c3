import { Trans, useLingui } from "@lingui/react/macro";
import { useDues, type LoanDues } from "../api/mocks";
import { TableHead } from "./TableHead";
import styles from "../qa.module.css";
import { ScrollBox } from "./ScrollBox";

/** Every seeded loan as it stands on the clock's today: what moving the clock does to the dues. */
export function DuesTable() {
  const { t } = useLingui();
  const dues = useDues();
  const statusWords = (status: LoanDues["status"]) => {
    if (status === "overdue") return t`Overdue`;
    return status === "closed" ? t`Closed` : t`Current`;
  };
  return (
    <>
      <h3 id="dues-title">
        <Trans>Loans' dues today</Trans>
      </h3>
      {dues.isError && (
        <p className="alert alert-danger" role="alert">
          <Trans>The lender's loans could not be read.</Trans>
        </p>
      )}
      <ScrollBox label={t`Every loan, scrollable`}>
        <table className={styles.table} aria-labelledby="dues-title">
          <TableHead columns={[t`Loan`, t`Borrower`, t`Status`, t`Overdue (₹)`, t`Days past due`, t`Next due`, t`As of`]} />
          <tbody>
            {(dues.data ?? []).map((loan) => (
              <tr key={loan.loanNumber}>
                <th scope="row">{loan.loanNumber}</th>
                <td>
                  {loan.borrowerName} <span className={styles.mono}>{loan.mobileNumber}</span>
                </td>
                <td className={loan.status === "overdue" ? styles.failed : undefined}>{statusWords(loan.status)}</td>
                <td>{loan.overdueAmount}</td>
                <td>{loan.daysPastDue}</td>
                <td>{loan.nextDue ? t`₹${loan.nextDue.amount} on ${loan.nextDue.dueOn}` : "—"}</td>
                <td>{loan.asOf}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </>
  );
}
