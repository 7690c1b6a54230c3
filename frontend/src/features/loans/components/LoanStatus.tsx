import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { LoanSummary } from "../api/list-loans";
import styles from "../loans.module.css";

const STATUS = { current: msg`Current`, overdue: msg`Overdue`, closed: msg`Closed` } as const;

export function LoanStatus({ status }: { status: LoanSummary["status"] }) {
  const { t } = useLingui();
  return <span className={`${styles.status} ${styles[`status_${status}`] ?? ""}`}>{t(STATUS[status])}</span>;
}
