import { Link } from "react-router";
import styles from "../portal.module.css";

/** /nopayment: the borrower has nothing to repay. */
export default function NoPaymentPage() {
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
