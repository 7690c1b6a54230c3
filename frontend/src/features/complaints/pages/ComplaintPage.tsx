import { Trans, useLingui } from "@lingui/react/macro";
import { Link, Navigate, useLocation, useParams } from "react-router";
import { errorMessage, errorStatus } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { calendarDay, dayAndTime } from "../../../lib/dates";
import { usePageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../lib/session";
import { useComplaint } from "../api/get-complaint";
import { OmbudsmanPanel } from "../components/OmbudsmanPanel";
import { StatusBadge } from "../components/StatusBadge";
import { CATEGORY_WORDS, againstWords } from "../components/words";
import styles from "../complaints.module.css";

/** /complaints/:ticketNumber: one complaint, its status and answer, and the Ombudsman when open to it. */
export default function ComplaintPage() {
  const { t, i18n } = useLingui();
  const { ticketNumber = "" } = useParams();
  usePageMeta({ title: t`Complaint ${ticketNumber}` });
  const { session } = useSession();
  const raised = Boolean((useLocation().state as { raised?: boolean } | null)?.raised);
  const verified = Boolean(session?.portal?.verified);
  const query = useComplaint(ticketNumber, { enabled: verified });
  if (session === null) return <LoadingOverlay show />;
  if (!verified) return <Navigate to="/paynow" replace />;
  const complaint = query.data;
  const failed = query.isError && errorStatus(query.error) !== 401;

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel}`} aria-labelledby="complaint-title">
        <h1 id="complaint-title" className={styles.title}>
          <Trans>Complaint {ticketNumber}</Trans>
        </h1>
        {raised && (
          <p className="alert alert-success" role="status">
            <Trans>Your complaint is registered. Your ticket number is {ticketNumber}. We have sent it to you by SMS and e-mail.</Trans>
          </p>
        )}
        {query.isPending && <LoadingOverlay show />}
        {failed && (
          <p className="alert alert-danger" role="alert">
            {errorMessage(query.error, t`Could not load this complaint.`)}
          </p>
        )}
        {complaint && (
          <>
            <dl className={styles.details}>
              <div>
                <dt>
                  <Trans>Status</Trans>
                </dt>
                <dd>
                  <StatusBadge status={complaint.status} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans>Category</Trans>
                </dt>
                <dd>{i18n._(CATEGORY_WORDS[complaint.category])}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Raised on</Trans>
                </dt>
                <dd>{dayAndTime(complaint.raisedAt)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Against</Trans>
                </dt>
                <dd>{againstWords(i18n, complaint)}</dd>
              </div>
              {complaint.loanNumber && (
                <div>
                  <dt>
                    <Trans>Loan number</Trans>
                  </dt>
                  <dd>{complaint.loanNumber}</dd>
                </div>
              )}
              {(complaint.status === "received" || complaint.status === "inProgress") && (
                <div>
                  <dt>
                    <Trans>The lender answers by</Trans>
                  </dt>
                  <dd>{calendarDay(complaint.answerDueBy)}</dd>
                </div>
              )}
            </dl>
            <h2 className={styles.subtitle}>
              <Trans>Your complaint</Trans>
            </h2>
            <p className={styles.text}>{complaint.text}</p>
            {complaint.answer && (
              <>
                <h2 className={styles.subtitle}>
                  <Trans>The lender's answer</Trans>
                </h2>
                <p className={styles.text}>{complaint.answer}</p>
              </>
            )}
            {complaint.rejectionReason && (
              <>
                <h2 className={styles.subtitle}>
                  <Trans>Why the lender rejected it</Trans>
                </h2>
                <p className={styles.text}>{complaint.rejectionReason}</p>
              </>
            )}
          </>
        )}
        <Link to="/complaints" className="btn btn-outline">
          <Trans>All your complaints</Trans>
        </Link>
      </section>
      {complaint?.ombudsmanOpen && <OmbudsmanPanel complaint={complaint} />}
    </div>
  );
}
