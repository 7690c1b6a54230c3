import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { mockRefusal, useMoveOrder, type OrderMove } from "../api/mocks";
import styles from "../qa.module.css";

/** Move a store order along as the shop and the couriers would: shipped, delivered, expired, its return.
 * `locked`: another tester holds the world. */
export function OrderControls({ locked }: { locked: boolean }) {
  const { t } = useLingui();
  const move = useMoveOrder();
  const [order, setOrder] = useState("");
  const [asked, setAsked] = useState<OrderMove>("advance");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (order.trim()) move.mutate({ order: order.trim(), move: asked });
  };
  const moves: [OrderMove, string][] = [
    ["advance", t`One step on (packed, shipped, delivered)`],
    ["expire", t`Expire it unpaid`],
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the control's path in the orders mock
    ["returns/advance", t`Its oldest open return one step on`],
  ];
  return (
    <>
      <h3 id="orders-title">
        <Trans>Store orders</Trans>
      </h3>
      <form className={styles.row} onSubmit={submit} aria-labelledby="orders-title">
        <label className={styles.field}>
          <Trans>Order number</Trans>
          <input value={order} onChange={(e) => setOrder(e.target.value)} className={styles.mono} required />
        </label>
        <label className={styles.field}>
          <Trans>Move</Trans>
          <select value={asked} onChange={(e) => setAsked(e.target.value as OrderMove)}>
            {moves.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline" disabled={move.isPending || locked}>
          <Trans>Move the order</Trans>
        </button>
      </form>
      <div role="status" aria-live="polite">
        {move.data && <p className={styles.muted}>{move.data.message}</p>}
        {move.error && (
          <p className="alert alert-danger">{mockRefusal(move.error) ?? t`The orders mock did not take that.`}</p>
        )}
      </div>
    </>
  );
}
