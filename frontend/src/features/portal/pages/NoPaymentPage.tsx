import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import styles from "../portal.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /nopayment: the borrower has nothing to repay. */
export default function NoPaymentPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`No payment due` });
  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel} ${styles.center}`}>
        <h1 className={styles.title}>
          <Trans>You do not have any pending payment</Trans>
        </h1>
        <p className={styles.thanks}>
          <Trans>Thank You!</Trans>
        </p>
        <Link to="/" className="btn btn-outline">
          <Trans>Back to home</Trans>
        </Link>
      </section>
    </div>
  );
}
