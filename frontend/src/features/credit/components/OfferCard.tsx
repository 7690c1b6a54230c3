import { Trans } from "@lingui/react/macro";
import { calendarDay } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { CreditOffer } from "../api/apply";
import styles from "../credit.module.css";
import { FactList } from "./FactList";

/** One lender's offer: its limit, rate, APR and fee, and until when its Key Facts hold. */
export function OfferCard({ offer, reading, onRead }: { offer: CreditOffer; reading: boolean; onRead: () => void }) {
  const heading = `offer-${offer.offerId}`;
  return (
    <article className={`card ${styles.offer}`} aria-labelledby={heading}>
      <h3 id={heading}>{offer.lender.name}</h3>
      <FactList
        facts={[
          { term: <Trans>Credit limit</Trans>, value: rupees(offer.creditLimit) },
          { term: <Trans>Annual percentage rate (APR)</Trans>, value: `${offer.apr}%` },
          {
            term: <Trans>Rate of interest</Trans>,
            value: offer.rateType === "fixed" ? <Trans>{offer.interestRate}% a year, fixed</Trans> : <Trans>{offer.interestRate}% a year, floating</Trans>,
          },
          { term: <Trans>Processing fee (GST included)</Trans>, value: rupees(offer.processingFee) },
          { term: <Trans>Offer valid until</Trans>, value: calendarDay(offer.keyFactsValidUntil) },
        ]}
      />
      <button type="button" className={reading ? "btn btn-outline" : "btn btn-primary"} onClick={onRead} aria-pressed={reading}>
        <Trans>
          Read the Key Facts<span className="visually-hidden"> of {offer.lender.name}'s offer</span>
        </Trans>
      </button>
    </article>
  );
}
