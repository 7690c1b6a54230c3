import { Trans } from "@lingui/react/macro";
import type { LoanSummary } from "../api/list-loans";
import styles from "../loans.module.css";

/** Who lent (the regulated entity, with its website) and who serves the loan (us, the LSP). */
export function LenderLine({ loan }: { loan: Pick<LoanSummary, "lender" | "lendingServiceProvider"> }) {
  const { name, registration, website } = loan.lender;
  const provider = loan.lendingServiceProvider;
  return (
    <dl className={styles.figures}>
      <div>
        <dt>
          <Trans>Lender</Trans>
        </dt>
        <dd>
          <a href={website} target="_blank" rel="noopener noreferrer">
            {name}
          </a>
          <span className={styles.explain}>
            <Trans>Regulated by the Reserve Bank of India, registration {registration}</Trans>
          </span>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Lending service provider</Trans>
        </dt>
        <dd>{provider}</dd>
      </div>
    </dl>
  );
}
