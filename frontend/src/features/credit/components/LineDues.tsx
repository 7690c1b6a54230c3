import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { calendarDay } from "../../../lib/dates";
import { rupees, toPaise } from "../../../lib/money";
import type { CreditLine } from "../api/list-lines";
import styles from "../credit.module.css";
import { FactList, type Fact } from "./FactList";

/** What a live line owes on the lender's today, as the lender states it and its repayment
 * (/paynow) collects it: all of it, the overdue, and the least to pay by the next due date. */
export function LineDues({ line }: { line: CreditLine }) {
  const { t } = useLingui();
  if (line.status === "exited" || line.status === "closed") return null;
  if (toPaise(line.owed) === 0) {
    return (
      <p>
        <Trans>Nothing is owed on this line.</Trans>
      </p>
    );
  }
  const overdue = toPaise(line.overdue) > 0;
  const facts: Fact[] = [{ term: t`Owed on this line`, value: rupees(line.owed) }];
  if (overdue) facts.push({ term: t`Overdue`, value: <strong>{rupees(line.overdue)}</strong> });
  if (line.minimumDueOn) {
    const day = calendarDay(line.minimumDueOn);
    facts.push({ term: t`To pay by ${day}`, value: rupees(line.minimumDue) });
  }
  return (
    <div className={styles.dues}>
      <FactList facts={facts} />
      <p>
        {overdue ? (
          <Trans>Part of what you owe is past its due date. Please pay it now.</Trans>
        ) : (
          <Trans>Pay at least this by its date and nothing on your line is overdue.</Trans>
        )}{" "}
        <Link to="/paynow">
          <Trans>
            Pay now<span className="visually-hidden"> (credit line {line.lineNumber})</span>
          </Trans>
        </Link>
      </p>
    </div>
  );
}
