import { Trans, useLingui } from "@lingui/react/macro";
import { errorMessage } from "../../../api/client";
import { useFineractSwitches, useSetFineract } from "../api/mocks";
import styles from "../qa.module.css";

/** The Fineract mock's own unkind behaviours (upstream_mocks/fineract/qa.py); `locked`: another tester holds the world. */
export function FineractSwitchesPanel({ locked }: { locked: boolean }) {
  const { t } = useLingui();
  const switches = useFineractSwitches();
  const set = useSetFineract();
  const now = switches.data;
  return (
    <>
      <h3 id="fineract-title">
        <Trans>Fineract lender's behaviours</Trans>
      </h3>
      {set.error && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(set.error, t`The Fineract mock did not take that.`)}
        </p>
      )}
      {now && (
        <div className={styles.row} role="group" aria-labelledby="fineract-title">
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={now.makerChecker}
              disabled={locked}
              onChange={(e) => set.mutate({ makerChecker: e.target.checked })}
            />{" "}
            <Trans>Bookings wait for a checker (maker-checker)</Trans>
          </label>
          <button type="button" className="btn btn-outline" disabled={locked} onClick={() => set.mutate({ failNext: now.failNext + 1 })}>
            <Trans>Fail the next booking ({now.failNext} set)</Trans>
          </button>
          <button type="button" className="btn btn-outline" disabled={locked} onClick={() => set.mutate({ holdNext: now.holdNext + 1 })}>
            <Trans>Hold the next booking in flight ({now.holdNext} set)</Trans>
          </button>
          <button type="button" className="btn btn-outline" disabled={now.held.length === 0 || locked} onClick={() => set.mutate("release")}>
            <Trans>Release held bookings ({now.held.length})</Trans>
          </button>
        </div>
      )}
      {now && now.awaiting.length > 0 && (
        <table className={styles.table} aria-labelledby="fineract-checker-title">
          <caption id="fineract-checker-title">
            <Trans>Repayments awaiting the lender's checker</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Loan</Trans>
              </th>
              <th scope="col">
                <Trans>Receipt</Trans>
              </th>
              <th scope="col">
                <Trans>Amount</Trans>
              </th>
              <th scope="col">
                <Trans>Checker</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {now.awaiting.map((waiting) => {
              const what = waiting.receiptNumber ?? String(waiting.id);
              return (
                <tr key={waiting.id}>
                  <td>{waiting.loanAccountNo}</td>
                  <td>{waiting.receiptNumber}</td>
                  <td>{waiting.amount}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={locked}
                      aria-label={t`Approve ${what}`}
                      onClick={() => set.mutate({ check: waiting.id, decision: "approve" })}
                    >
                      <Trans>Approve</Trans>
                    </button>{" "}
                    <button
                      type="button"
                      className="btn btn-outline"
                      disabled={locked}
                      aria-label={t`Reject ${what}`}
                      onClick={() => set.mutate({ check: waiting.id, decision: "reject" })}
                    >
                      <Trans>Reject</Trans>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
