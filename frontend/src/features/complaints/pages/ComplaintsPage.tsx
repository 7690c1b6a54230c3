import { Trans, useLingui } from "@lingui/react/macro";
import { Link, Navigate, useNavigate } from "react-router";
import { errorStatus } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { dayOf } from "../../../lib/dates";
import { usePageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../lib/session";
import { useComplaints } from "../api/get-complaints";
import { useSubjects } from "../api/get-subjects";
import { ComplaintForm } from "../components/ComplaintForm";
import { StatusBadge } from "../components/StatusBadge";
import { CATEGORY_WORDS, againstWords } from "../components/words";
import styles from "../complaints.module.css";

/** /complaints: raise a complaint with the lender, and the borrower's complaints with their status. */
export default function ComplaintsPage() {
  const { t, i18n } = useLingui();
  usePageMeta({ title: t`Complaints` });
  const { session } = useSession();
  const navigate = useNavigate();
  const verified = Boolean(session?.portal?.verified);
  const complaints = useComplaints({ enabled: verified });
  const subjects = useSubjects({ enabled: verified });
  if (session === null) return <LoadingOverlay show />;
  // A borrower logs in with their mobile number first (the portal's login).
  if (!verified) return <Navigate to="/paynow" replace />;
  const loadFailed = complaints.isError && errorStatus(complaints.error) !== 401;

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel}`} aria-labelledby="raise-complaint">
        <h1 id="raise-complaint" className={styles.title}>
          <Trans>Raise a complaint</Trans>
        </h1>
        <p className={styles.hint}>
          <Trans>
            You get a ticket number at once, and we confirm it by SMS and e-mail. The lender answers within 30 days.
          </Trans>
        </p>
        <ComplaintForm subjects={subjects.data} onRaised={(raised) => navigate(`/complaints/${raised.ticketNumber}`, { state: { raised: true } })} />
      </section>
      <section className={`card ${styles.panel}`} aria-labelledby="your-complaints">
        <h2 id="your-complaints" className={styles.subtitle}>
          <Trans>Your complaints</Trans>
        </h2>
        {complaints.isPending && <LoadingOverlay show />}
        {loadFailed && (
          <p className="alert alert-danger" role="alert">
            <Trans>Could not load your complaints.</Trans>{" "}
            <button type="button" className="btn btn-outline" onClick={() => void complaints.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </p>
        )}
        {complaints.data?.length === 0 && (
          <p className={styles.hint}>
            <Trans>You have not raised any complaint.</Trans>
          </p>
        )}
        {complaints.data && complaints.data.length > 0 && (
          <ul className={styles.list}>
            {complaints.data.map((complaint) => (
              <li key={complaint.ticketNumber}>
                <Link to={`/complaints/${complaint.ticketNumber}`}>
                  <span className={styles.ticket}>{complaint.ticketNumber}</span>
                  <span>{i18n._(CATEGORY_WORDS[complaint.category])}</span>
                  <span>{againstWords(i18n, complaint)}</span>
                  <span>{dayOf(complaint.raisedAt)}</span>
                  <StatusBadge status={complaint.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
