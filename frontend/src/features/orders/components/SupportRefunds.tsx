import { Trans, useLingui } from "@lingui/react/macro";
import { dayOf } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { PlacedOrder } from "../api/get-order";

type SupportRefund = NonNullable<PlacedOrder["supportRefunds"]>[number];

/** Each refund our support team gave on the order, and where it stands with the bank. */
export function SupportRefunds({ refunds }: { refunds: SupportRefund[] }) {
  const { t } = useLingui();
  const status = (refund: SupportRefund) => {
    const reference = refund.reference ?? "";
    return refund.status === "refunded"
      ? t`Given back to your card or UPI`
      : refund.status === "pending"
        ? t`On its way to your card or UPI`
        : refund.status === "paidOtherwise"
          ? t`Paid to you another way (reference ${reference})`
          : t`Cancelled by the bank; please call us`;
  };
  return (
    <section className="card" aria-labelledby="support-refunds-heading">
      <h2 id="support-refunds-heading">
        <Trans>Refunds from our support team</Trans>
      </h2>
      <ul aria-label={t`Refunds from our support team`}>
        {refunds.map((refund, index) => (
          <li key={`${refund.at}-${index}`}>
            <strong>{rupees(refund.amount)}</strong> · {status(refund)} · {dayOf(refund.at)}
          </li>
        ))}
      </ul>
    </section>
  );
}
