import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { calendarDay, dayOf } from "../../../lib/dates";
import type { ComplaintView } from "../api/get-complaints";
import { CATEGORY_WORDS, STATUS_WORDS } from "./words";
import styles from "../complaints.module.css";

// RBI's complaint portal (the Integrated Ombudsman Scheme's).
const RBI_CMS = "https://cms.rbi.org.in";

/** The ticket's details as one text, in the page's language, for the Ombudsman's complaint form. */
function useDetailsText(complaint: ComplaintView): string {
  const { t, i18n } = useLingui();
  const lines = [
    t`Complaint to the lender, ticket number: ${complaint.ticketNumber}`,
    t`Raised on: ${dayOf(complaint.raisedAt)}`,
    t`Category: ${i18n._(CATEGORY_WORDS[complaint.category])}`,
    complaint.loanNumber ? t`Loan number: ${complaint.loanNumber}` : null,
    t`Status: ${i18n._(STATUS_WORDS[complaint.status])}`,
    complaint.rejectionReason ? t`Lender's reason for rejecting it: ${complaint.rejectionReason}` : null,
    complaint.status !== "rejected" ? t`The lender was to answer by: ${calendarDay(complaint.answerDueBy)}` : null,
    t`My complaint: ${complaint.text}`,
  ];
  return lines.filter((line): line is string => line !== null).join("\n");
}

/** The route to RBI's Integrated Ombudsman, offered once the lender says it is open to this complaint. */
export function OmbudsmanPanel({ complaint }: { complaint: ComplaintView }) {
  const { t } = useLingui();
  const ids = useId();
  const details = useDetailsText(complaint);
  const [copied, setCopied] = useState(false);

  function copy() {
    void navigator.clipboard?.writeText(details).then(() => setCopied(true));
  }

  return (
    <section className={`card ${styles.panel} ${styles.ombudsman}`} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.subtitle}>
        <Trans>Take it to the RBI Ombudsman</Trans>
      </h2>
      <p>
        {complaint.status === "rejected" ? (
          <Trans>The lender rejected your complaint. You can now ask the Reserve Bank of India's Ombudsman to look at it.</Trans>
        ) : (
          <Trans>
            The lender has not resolved your complaint within 30 days. You can now ask the Reserve Bank of India's Ombudsman to look at it.
          </Trans>
        )}
      </p>
      <ul className={styles.facts}>
        <li>
          <Trans>It is free. You do not need a lawyer.</Trans>
        </li>
        <li>
          <Trans>
            You can go to the Ombudsman when the lender rejects your complaint, does not answer within 30 days, or answers in a way you are not satisfied with.
          </Trans>
        </li>
        <li>
          <Trans>
            Do it within one year of the lender's answer, or within one year and 30 days of your complaint if the lender never answered.
          </Trans>
        </li>
        <li>
          <Trans>The Ombudsman does not take a matter already before a court or another forum.</Trans>
        </li>
        <li>
          <Trans>File it online on RBI's complaint portal, or call RBI's helpline 14448.</Trans>
        </li>
      </ul>
      <label htmlFor={`${ids}-details`}>
        <Trans>Your ticket's details, ready to paste into the Ombudsman's form</Trans>
      </label>
      <textarea id={`${ids}-details`} className={styles.copy} readOnly value={details} />
      <div className={styles.actions}>
        <button type="button" className="btn btn-outline" onClick={copy}>
          {copied ? t`Copied` : t`Copy the details`}
        </button>
        <a className="btn btn-primary" href={RBI_CMS} target="_blank" rel="noopener noreferrer">
          <Trans>Open cms.rbi.org.in</Trans>
        </a>
      </div>
    </section>
  );
}
