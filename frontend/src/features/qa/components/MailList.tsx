import { Trans, useLingui } from "@lingui/react/macro";
import type { SentMail } from "../api/mocks";
import styles from "../qa.module.css";
import { ScrollBox } from "./ScrollBox";
import { inIndia } from "./when";

/** The mock's link to a mail's attached PDF, opened in a new tab as the recipient would open it. */
function attachmentAddress(mail: SentMail): string {
  return `/_mocks/mail/outbox/${encodeURIComponent(mail.mailId)}/attachment`;
}

/** Every mail as its recipient reads it: who, when, the subject, its text as sent, and its PDF to open. */
export function MailList({ mails }: { mails: SentMail[] }) {
  const { t } = useLingui();
  if (mails.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No mail sent.</Trans>
      </p>
    );
  }
  return (
    <ScrollBox label={t`Every mail, scrollable`}>
      <ul className={styles.mails} aria-labelledby="mails-title">
        {mails.map((mail) => (
          <li key={mail.mailId}>
            <article className={styles.mail} aria-label={t`Mail to ${mail.to}: ${mail.subject}`}>
              <p className={styles.mailHead}>
                <Trans>
                  To <span className={styles.mono}>{mail.to}</span>, {inIndia(mail.at)} ({mail.kind})
                </Trans>
              </p>
              <p className={styles.mailSubject}>{mail.subject}</p>
              {mail.message ? (
                <p className={styles.mailText}>{mail.message}</p>
              ) : (
                <p className={styles.muted}>
                  <Trans>The mail service keeps no text for this kind of mail.</Trans>
                </p>
              )}
              {mail.attachment && (
                <a href={attachmentAddress(mail)} target="_blank" rel="noopener noreferrer">
                  {t`Open ${mail.attachment} (PDF)`}
                </a>
              )}
            </article>
          </li>
        ))}
      </ul>
    </ScrollBox>
  );
}
