import { Trans, useLingui } from "@lingui/react/macro";
import type { Ledger } from "../api/mocks";
import styles from "../qa.module.css";
import { ScrollBox } from "./ScrollBox";
import { TableHead } from "./TableHead";
import { inIndia } from "./when";

/** The provider's settlement report (fee, tax and net of each payment, refund and chargeback) and the payouts, newest first. */
export function SettlementsTables({ ledger }: { ledger: Ledger | undefined }) {
  const { t } = useLingui();
  const settlements = [...(ledger?.settlements ?? [])].reverse();
  const payouts = [...(ledger?.payouts ?? [])].reverse();
  return (
    <>
      <h3 id="settlements-title">
        <Trans>Settlements the provider reports</Trans>
      </h3>
      <ScrollBox label={t`Every settlement entry, scrollable`}>
        <table className={styles.table} aria-labelledby="settlements-title">
          <TableHead
            columns={[t`Event`, t`Provider order`, t`Amount (₹)`, t`Fee (₹)`, t`Tax (₹)`, t`Net (₹)`, t`Settlement`]}
          />
          <tbody>
            {settlements.map((entry) => (
              <tr key={entry.eventId}>
                <th scope="row" className={styles.mono}>
                  {entry.eventType} {entry.eventId}
                </th>
                <td className={styles.mono}>{entry.providerOrderId}</td>
                <td>{entry.amount}</td>
                <td>{entry.serviceCharge ?? "—"}</td>
                <td>{entry.serviceTax ?? "—"}</td>
                <td>{entry.settlementAmount ?? "—"}</td>
                <td>
                  {entry.settlementId
                    ? t`${entry.settlementId}, ${inIndia(entry.settlesAt)}`
                    : t`In transit until ${inIndia(entry.settlesAt)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <h3 id="payouts-title">
        <Trans>Payouts</Trans>
      </h3>
      {payouts.length === 0 ? (
        <p className={styles.muted}>
          <Trans>No payout yet: a cash order's return refunded to a UPI ID or bank account makes one.</Trans>
        </p>
      ) : (
        <table className={styles.table} aria-labelledby="payouts-title">
          <TableHead columns={[t`Transfer`, t`Amount (₹)`, t`Status`, t`Bank reference (UTR)`]} />
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.transferId}>
                <th scope="row" className={styles.mono}>
                  {payout.transferId}
                </th>
                <td>{payout.amount}</td>
                <td>{payout.status}</td>
                <td className={styles.mono}>{payout.utr ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
