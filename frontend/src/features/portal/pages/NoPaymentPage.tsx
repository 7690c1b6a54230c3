import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import styles from "../portal.module.css";
import { usePageMeta } from "../../../lib/page-meta";
import { useSession } from "../../../lib/session";

/** /nopayment: the borrower has nothing to repay; a logged-in borrower has the way to their loans. */
export default function NoPaymentPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`No payment due` });
  const { session } = useSession();
  const borrower = Boolean(session?.portal?.verified);
  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel} ${styles.center}`}>
        <h1 className={styles.title}>
          <Trans>You do not have any pending payment</Trans>
        </h1>
        <p className={styles.thanks}>
          <Trans>Thank You!</Trans>
        </p>
        {borrower && (
          <p className={styles.thanks}>
            <Link to="/loans" className="btn btn-primary">
              <Trans>See your loans</Trans>
            </Link>{" "}
            <Link to="/complaints" className="btn btn-outline">
              <Trans>Complaints</Trans>
            </Link>
          </p>
        )}
        <Link to="/" className="btn btn-outline">
          <Trans>Back to home</Trans>
        </Link>
      </section>
    </div>
  );
}
