import { Trans, useLingui } from "@lingui/react/macro";
import { useInvariants, useLedger } from "../api/mocks";
import styles from "../qa.module.css";
import { ScrollBox } from "./ScrollBox";
import { TableHead } from "./TableHead";
import { SettlementsTables } from "./SettlementsTables";

/**
 * Money: where every rupee the mocks moved is, and the invariants the money suite checks, judged by
 * the mocks themselves (/_mocks/ledger/invariants) so the console and the suite never disagree.
 * Amounts are shown as the mocks send them: exact decimal strings.
 */
export function MoneyPanel() {
  const { t } = useLingui();
  const ledger = useLedger();
  const invariants = useInvariants();
  // The mocks keep each list in the order things happened: newest first reads them backwards.
  const newest = <T,>(rows: T[] | undefined) => [...(rows ?? [])].reverse();
  const held = (invariants.data ?? []).filter((rule) => rule.holds).length;
  return (
    <section id="money" aria-labelledby="money-title" className={`card ${styles.section}`}>
      <h2 id="money-title">
        <Trans>Money</Trans>
      </h2>
      {(ledger.isError || invariants.isError) && (
        <p className="alert alert-danger" role="alert">
          <Trans>The mocks' ledger could not be read.</Trans>
        </p>
      )}
      <h3 id="invariants-title">
        <Trans>Invariants now</Trans>
      </h3>
      <p role="status" aria-live="polite">
        {invariants.data && t`${held} of ${invariants.data.length} hold.`}
      </p>
      <ul aria-labelledby="invariants-title" className={styles.invariants}>
        {(invariants.data ?? []).map((rule) => (
          <li key={rule.name} className={rule.holds ? undefined : styles.failed}>
            <strong>{rule.holds ? t`Pass` : t`Fail`}</strong> {rule.name}
            {rule.brokenBy.length > 0 && <span className={styles.mono}> ({rule.brokenBy.join(", ")})</span>}
          </li>
        ))}
      </ul>
      <h3 id="charges-title">
        <Trans>Charges the provider took</Trans>
      </h3>
      <ScrollBox label={t`Every charge, scrollable`}>
        <table className={styles.table} aria-labelledby="charges-title">
          <TableHead columns={[t`Provider order`, t`Payment id`, t`Charged (₹)`, t`Refunded (₹)`]} />
          <tbody>
            {newest(ledger.data?.charges).map((charge) => (
              <tr key={charge.cfPaymentId}>
                <th scope="row" className={styles.mono}>
                  {charge.providerOrderId}
                </th>
                <td className={styles.mono}>{charge.cfPaymentId}</td>
                <td>{charge.amount}</td>
                <td>{charge.refunded}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <SettlementsTables ledger={ledger.data} />
      <h3 id="repayments-title">
        <Trans>Repayments and their bookings at the lender</Trans>
      </h3>
      <ScrollBox label={t`Every repayment, scrollable`}>
        <table className={styles.table} aria-labelledby="repayments-title">
          <TableHead columns={[t`Provider order`, t`Status`, t`Booked at`, t`Booked (₹)`]} />
          <tbody>
            {newest(ledger.data?.repayments).map((repayment) => {
              const booked = (ledger.data?.bookings ?? []).filter((b) => b.providerOrderId === repayment.providerOrderId);
              return (
                <tr key={repayment.providerOrderId}>
                  <th scope="row" className={styles.mono}>
                    {repayment.providerOrderId}
                  </th>
                  <td>{repayment.status}</td>
                  <td>{booked.map((b) => b.lender).join(", ") || "—"}</td>
                  <td>{booked.map((b) => b.amount).join(", ") || "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
      <h3 id="orders-money-title">
        <Trans>Store orders</Trans>
      </h3>
      <ScrollBox label={t`Every store order, scrollable`}>
        <table className={styles.table} aria-labelledby="orders-money-title">
          <TableHead columns={[t`Order`, t`Method`, t`Status`, t`Payment`, t`Amount (₹)`, t`Refunded`]} />
          <tbody>
            {newest(ledger.data?.storeOrders).map((order) => (
              <tr key={order.orderNumber}>
                <th scope="row" className={styles.mono}>
                  {order.orderNumber}
                </th>
                <td>{order.method}</td>
                <td>{order.status}</td>
                <td>{order.paymentState}</td>
                <td>{order.amount}</td>
                <td>{order.refunded ? t`Yes` : t`No`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <h3 id="links-credit-title">
        <Trans>Payment links and credit drawn</Trans>
      </h3>
      <ScrollBox label={t`Every payment link and credit draw, scrollable`}>
        <table className={styles.table} aria-labelledby="links-credit-title">
          <TableHead columns={[t`Link or reference`, t`Status`, t`Asked (₹)`, t`Taken (₹)`]} />
          <tbody>
            {newest(ledger.data?.paymentLinks).map((link) => (
              <tr key={link.linkId}>
                <th scope="row" className={styles.mono}>
                  {link.linkId}
                </th>
                <td>{link.status}</td>
                <td>{link.amount}</td>
                <td>{link.amountPaid}</td>
              </tr>
            ))}
            {newest(ledger.data?.creditDraws).map((draw) => (
              <tr key={draw.reference}>
                <th scope="row" className={styles.mono}>
                  {draw.reference}
                </th>
                <td>{t`Credit drawn`}</td>
                <td>—</td>
                <td>{draw.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
