import { Link } from "react-router";
import styles from "../portal.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /nopayment: the borrower has nothing to repay. */
export default function NoPaymentPage() {
  usePageMeta({ title: "No payment due" });
  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel} ${styles.center}`}>
        <h1 className={styles.title}>You do not have any pending payment</h1>
        <p className={styles.thanks}>Thank You!</p>
        <Link to="/" className="btn btn-outline">
          Back to home
        </Link>
      </section>
    </div>
  );
}
