import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useLoginCodes, useMails, useReminders, useSms } from "../api/mocks";
import { TableHead } from "./TableHead";
import styles from "../qa.module.css";
import { ScrollBox } from "./ScrollBox";
import { CopyButton } from "./CopyButton";
import { inIndia } from "./when";
import { MailList } from "./MailList";

/** Newest first, whatever order a mock keeps them in. */
function newestFirst<T>(items: T[] | undefined, at: (item: T) => number | string): T[] {
  return [...(items ?? [])].sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
}

/** What the mocks sent people: login codes waiting, service SMS (reminders among them), mails. */
export function OutboxPanel() {
  const { t } = useLingui();
  const filterId = useId();
  const [who, setWho] = useState("");
  // A mobile number narrows the codes and SMS, an e-mail address the mails.
  const number = /^\d{10}$/.test(who.trim()) ? who.trim() : "";
  const address = who.includes("@") ? who.trim().toLowerCase() : "";
  const codes = useLoginCodes(number);
  const sms = useSms(number);
  const reminders = useReminders();
  const mails = useMails();
  const smsShown = newestFirst(sms.data, (s) => s.sentAt);
  const remindersShown = newestFirst(reminders.data, (r) => r.sentAt);
  const mailsShown = newestFirst(mails.data, (m) => m.at).filter((m) => !address || m.to.toLowerCase() === address);

  return (
    <section id="outboxes" aria-labelledby="outboxes-title" className={`card ${styles.section}`}>
      <h2 id="outboxes-title">
        <Trans>Outboxes</Trans>
      </h2>
      <div className={styles.row}>
        <label className={styles.field} htmlFor={filterId}>
          <Trans>Only this mobile number or e-mail address</Trans>
        </label>
        <input
          id={filterId}
          type="text"
          value={who}
          onChange={(e) => setWho(e.target.value)}
          placeholder={t`Everyone`}
          className={styles.narrow}
        />
      </div>

      <h3 id="codes-title">
        <Trans>Login codes waiting</Trans>
      </h3>
      {codes.data?.length === 0 && (
        <p className={styles.muted}>
          <Trans>No code waiting: a code leaves the outbox once used.</Trans>
        </p>
      )}
      <ul className={styles.faults} aria-labelledby="codes-title">
        {(codes.data ?? []).map((code) => (
          <li key={code.mobileNumber} className={styles.fault}>
            <span>
              <Trans>
                To <span className={styles.mono}>{code.mobileNumber}</span> at {inIndia(code.sentAt)}
              </Trans>
            </span>
            <span>
              <Trans>Code</Trans> <strong className={styles.code}>{code.otp}</strong>
            </span>
            <CopyButton text={code.otp} label={t`the code for ${code.mobileNumber}`} />
          </li>
        ))}
      </ul>

      <h3 id="sms-title">
        <Trans>SMS sent (reminders, acknowledgements)</Trans>
      </h3>
      <ScrollBox label={t`Every SMS, scrollable`} short>
        <table className={styles.table} aria-labelledby="sms-title">
          <TableHead columns={[t`Sent`, t`To`, t`Message`, t`Template`]} />
          <tbody>
            {smsShown.map((one) => (
              <tr key={one.smsId}>
                <td>{inIndia(one.sentAt)}</td>
                <td className={styles.mono}>{one.mobileNumber}</td>
                <td lang={one.language}>{one.message}</td>
                <td className={styles.mono}>
                  {one.category} {one.dltTemplateId}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>

      <h3 id="reminders-title">
        <Trans>Due reminders the lender sent</Trans>
      </h3>
      {remindersShown.length === 0 ? (
        <p className={styles.muted}>
          <Trans>None yet: move the clock past a due date's reminder days (08:00 to 19:00 India time).</Trans>
        </p>
      ) : (
        <ScrollBox label={t`Every reminder, scrollable`} short>
          <ul aria-labelledby="reminders-title">
          {remindersShown.map((r) => (
            <li key={`${r.loanNumber}/${r.dueDate}/${r.daysFromDue}`}>
              <Trans>
                {r.loanNumber}: ₹{r.amount} due {r.dueDate} ({r.daysFromDue} days from due), sent {inIndia(r.sentAt)}
              </Trans>
            </li>
          ))}
          </ul>
        </ScrollBox>
      )}

      <h3 id="mails-title">
        <Trans>Mails</Trans>
      </h3>
      <MailList mails={mailsShown} />
    </section>
  );
}
