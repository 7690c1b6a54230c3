import { Trans, useLingui } from "@lingui/react/macro";
import { Link, Navigate } from "react-router";
import { errorStatus } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../lib/session";
import { useLoans } from "../api/list-loans";
import { LenderLine } from "../components/LenderLine";
import { LoanFigures } from "../components/LoanFigures";
import { LoanStatus } from "../components/LoanStatus";
import styles from "../loans.module.css";

/** /loans: each of the borrower's loans with its lender, figures and status. */
export default function LoansPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Your loans` });
  const { session } = useSession();
  const verified = Boolean(session?.portal?.verified);
  const loans = useLoans({ enabled: verified });
  if (session === null) return <LoadingOverlay show />;
  if (!verified) return <Navigate to="/paynow" replace />;
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>
        <Trans>Your loans</Trans>
      </h1>
      <p className={styles.links}>
        <Link to="/payment">
          <Trans>Repay an overdue amount</Trans>
        </Link>
      </p>
      {loans.isPending && <LoadingOverlay show />}
      {loans.isError && errorStatus(loans.error) !== 401 && (
        <div className="alert alert-danger" role="alert">
          <Trans>We could not load your loans.</Trans>{" "}
          <button type="button" className="link-button" onClick={() => void loans.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {loans.data && loans.data.length === 0 && (
        <p>
          <Trans>You have no loans with us.</Trans>
        </p>
      )}
      {loans.data && loans.data.length > 0 && (
        <ul className={styles.loans}>
          {loans.data.map((loan) => (
            <li key={loan.loanNumber}>
              <article className={`card ${styles.loan}`} aria-labelledby={`loan-${loan.loanNumber}`}>
                <div className={styles.loanHead}>
                  <h2 id={`loan-${loan.loanNumber}`}>
                    <Trans>Loan {loan.loanNumber}</Trans>
                  </h2>
                  <LoanStatus status={loan.status} />
                </div>
                <LenderLine loan={loan} />
                <LoanFigures loan={loan} />
                <div className={styles.links}>
                  <Link to={`/loans/${encodeURIComponent(loan.loanNumber)}`}>
                    <Trans>
                      Key facts, statement and schedule<span className="visually-hidden"> of loan {loan.loanNumber}</span>
                    </Trans>
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
