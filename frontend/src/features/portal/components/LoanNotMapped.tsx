import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { Link } from "react-router";
import { company } from "../../../content/company";

/**
 * The lender will not take this loan's payments online (no financier mapped to it): nothing the
 * borrower can fix by trying again, so the page says what happened and who can help, with the
 * loan number to quote, instead of an error popup.
 */
export function LoanNotMapped({ loanNumber }: { loanNumber: string | null | undefined }) {
  const titleId = useId();
  const phone = company.supportPhone;
  return (
    <section className="alert alert-danger" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>We cannot take this payment online</Trans>
      </h2>
      <p>
        <Trans>
          Your loan is not yet linked to a lender that can take payments online. This is not something you did, and no
          money was taken.
        </Trans>
      </p>
      <p>
        <strong>
          <Trans>What to do next</Trans>
        </strong>
      </p>
      <ul>
        <li>
          <Trans>
            <Link to="/complaints">Raise a complaint</Link> and we will link your loan or tell you another way to pay.
          </Trans>
        </li>
        <li>
          <Trans>
            Or call support on <a href={`tel:${phone.replace(/\s/g, "")}`}>{phone}</a>.
          </Trans>
        </li>
        {loanNumber && (
          <li>
            <Trans>
              Quote your loan number: <strong>{loanNumber}</strong>
            </Trans>
          </li>
        )}
      </ul>
    </section>
  );
}
