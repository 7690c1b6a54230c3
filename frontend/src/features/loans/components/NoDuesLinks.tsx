import { Trans } from "@lingui/react/macro";
import { noDuesPdfUrl } from "../api/foreclosure";
import styles from "../loans.module.css";

// The Hindi document is offered in Hindi whatever the page's language, as a language switch is.
// eslint-disable-next-line lingui/no-unlocalized-strings -- the document's language, named in it
const HINDI_CERTIFICATE = "बकाया-नहीं प्रमाणपत्र हिंदी में (PDF)";

/** A closed loan's no-dues certificate, in English or Hindi. */
export function NoDuesLinks({ loanNumber }: { loanNumber: string }) {
  return (
    <p className={styles.links}>
      <a href={noDuesPdfUrl(loanNumber, "en")} download>
        <Trans>No-dues certificate in English (PDF)</Trans>
      </a>
      <a href={noDuesPdfUrl(loanNumber, "hi")} download lang="hi">
        {HINDI_CERTIFICATE}
      </a>
    </p>
  );
}
