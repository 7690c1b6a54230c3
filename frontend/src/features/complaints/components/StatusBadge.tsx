import { useLingui } from "@lingui/react/macro";
import type { ComplaintView } from "../api/get-complaints";
import { STATUS_WORDS } from "./words";
import styles from "../complaints.module.css";

/** A complaint's status as a short coloured label. */
export function StatusBadge({ status }: { status: ComplaintView["status"] }) {
  const { i18n } = useLingui();
  return <span className={`${styles.badge} ${styles[status]}`}>{i18n._(STATUS_WORDS[status])}</span>;
}
