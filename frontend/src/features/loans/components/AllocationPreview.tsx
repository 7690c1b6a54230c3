import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { errorMessage } from "../../../api/client";
import { rupees, toPaise } from "../../../lib/money";
import { useLoans } from "../api/list-loans";
import { useAllocationPreview } from "../api/preview-allocation";
import styles from "../loans.module.css";

/**
 * Before paying part: how the lender would apply the amount (penal charges, interest, principal, as
 * its terms state) and a warning when it will not clear the overdue. Every figure is the lender's.
 */
export function AllocationPreview({ loanNumber, amount }: { loanNumber: string; amount: string }) {
  const { t } = useLingui();
  const headingId = useId();
  const loan = useLoans({ enabled: true }).data?.find((one) => one.loanNumber === loanNumber);
  // The lender is asked only within its own bounds (its minimum, the overdue); outside them the
  // page's own amount rules speak (the minimum among them, before any payment is started).
  const paise = toPaise(amount);
  const inBounds = loan !== undefined && paise >= toPaise(loan.minimumPayment) && paise <= toPaise(loan.overdueAmount) && paise > 0;
  const preview = useAllocationPreview(loanNumber, inBounds ? amount : null);
  if (!inBounds) return null;
  if (preview.isError) {
    return (
      <p className="form-error" role="status">
        {errorMessage(preview.error, t`The lender does not take this amount: enter at least its minimum and not more than the overdue amount.`)}
      </p>
    );
  }
  const data = preview.data;
  if (!data) return null;
  return (
    <section className={styles.split} aria-labelledby={headingId} aria-live="polite">
      <h3 id={headingId}>
        <Trans>How {rupees(data.amount)} will be applied</Trans>
      </h3>
      <dl className={styles.figures}>
        <div>
          <dt>
            <Trans>Towards penal charges</Trans>
          </dt>
          <dd>{rupees(data.allocation.penalCharges)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Towards interest</Trans>
          </dt>
          <dd>{rupees(data.allocation.interest)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Towards principal</Trans>
          </dt>
          <dd>{rupees(data.allocation.principal)}</dd>
        </div>
      </dl>
      {data.clearsOverdue ? (
        <p>
          <Trans>This clears the overdue amount.</Trans>
        </p>
      ) : (
        <p className={styles.warning}>
          <Trans>This will not clear the overdue: {rupees(data.overdueAfter)} will still be overdue, and penal charges may follow.</Trans>
        </p>
      )}
      <p className={styles.explain}>
        <Trans>The lender's minimum part-payment is {rupees(data.minimumAmount)}. Charges first, then interest, then principal, as the lender's terms state.</Trans>
      </p>
    </section>
  );
}
