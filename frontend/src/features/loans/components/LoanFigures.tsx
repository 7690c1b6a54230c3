import { Plural, Trans } from "@lingui/react/macro";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { LoanSummary } from "../api/list-loans";
import styles from "../loans.module.css";

/** A loan's figures as the lender gives them: penal charges apart from principal and interest. */
export function LoanFigures({ loan }: { loan: LoanSummary }) {
  return (
    <dl className={styles.figures}>
      <div>
        <dt>
          <Trans>Sanctioned amount</Trans>
        </dt>
        <dd>{rupees(loan.sanctionedAmount)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Principal outstanding</Trans>
        </dt>
        <dd>{rupees(loan.principalOutstanding)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Interest due</Trans>
        </dt>
        <dd>{rupees(loan.interestDue)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Interest accrued</Trans>
          <span className={styles.explain}>
            <Trans>Since the last due date, payable with the next instalment</Trans>
          </span>
        </dt>
        <dd>{rupees(loan.interestAccrued)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Penal charges</Trans>
          <span className={styles.explain}>
            <Trans>Never added to the principal</Trans>
          </span>
        </dt>
        <dd>{rupees(loan.penalCharges)}</dd>
      </div>
      <div>
        <dt>
          <Trans>Overdue amount</Trans>
        </dt>
        <dd>{rupees(loan.overdueAmount)}</dd>
      </div>
      {loan.nextDue && (
        <div>
          <dt>
            <Trans>Next due</Trans>
          </dt>
          <dd>
            <Trans>
              {rupees(loan.nextDue.amount)} on {calendarDay(loan.nextDue.dueOn)}
            </Trans>
          </dd>
        </div>
      )}
      <div>
        <dt>
          <Trans>Days past due</Trans>
        </dt>
        <dd>
          <Plural value={loan.daysPastDue} one="# day" other="# days" />
        </dd>
      </div>
      {loan.closedOn && (
        <div>
          <dt>
            <Trans>Closed on</Trans>
          </dt>
          <dd>{calendarDay(loan.closedOn)}</dd>
        </div>
      )}
    </dl>
  );
}
