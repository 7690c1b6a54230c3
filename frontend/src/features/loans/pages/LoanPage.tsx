import { Trans, useLingui } from "@lingui/react/macro";
import { Link, Navigate, useParams } from "react-router";
import { AutoPaySection } from "../../../components/autopay/AutoPaySection";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../lib/session";
import { useLoans } from "../api/list-loans";
import { ForeclosureSection } from "../components/ForeclosureSection";
import { KeyFactsSection } from "../components/KeyFactsSection";
import { LoanFigures } from "../components/LoanFigures";
import { LoanStatus } from "../components/LoanStatus";
import { ScheduleSection } from "../components/ScheduleSection";
import { StatementSection } from "../components/StatementSection";
import styles from "../loans.module.css";

/** /loans/:loanNumber: the loan's figures, closing it early (or its no-dues certificate), its Key
 * Facts Statement, schedule and statement. */
export default function LoanPage() {
  const { t } = useLingui();
  const { loanNumber = "" } = useParams();
  usePageMeta({ title: t`Loan ${loanNumber}` });
  const { session } = useSession();
  const verified = Boolean(session?.portal?.verified);
  const loans = useLoans({ enabled: verified });
  if (session === null) return <LoadingOverlay show />;
  if (!verified) return <Navigate to="/paynow" replace />;
  const loan = loans.data?.find((one) => one.loanNumber === loanNumber);
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.links}>
        <Link to="/loans">
          <Trans>All your loans</Trans>
        </Link>
      </p>
      <div className={styles.loanHead}>
        <h1 className={styles.title}>
          <Trans>Loan {loanNumber}</Trans>
        </h1>
        {loan && <LoanStatus status={loan.status} />}
      </div>
      {loans.isPending && <LoadingOverlay show />}
      {loans.data && !loan && (
        <p className="alert alert-danger" role="alert">
          <Trans>You have no loan with this number.</Trans>
        </p>
      )}
      {loan && (
        <>
          <section className="card" aria-labelledby="position">
            <h2 id="position" className={styles.subtitle}>
              <Trans>Where the loan stands</Trans>
            </h2>
            <LoanFigures loan={loan} />
          </section>
          <AutoPaySection account={{ kind: "loan", number: loan.loanNumber }} enabled={verified} />
          <ForeclosureSection loanNumber={loan.loanNumber} closed={loan.status === "closed"} />
          <KeyFactsSection loanNumber={loan.loanNumber} enabled={verified} />
          <StatementSection loanNumber={loan.loanNumber} first={loan.disbursedOn} last={loan.asOf} />
          <ScheduleSection loanNumber={loan.loanNumber} enabled={verified} />
        </>
      )}
    </div>
  );
}
