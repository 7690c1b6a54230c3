import { useCallback, useId, useState } from "react";
import { Navigate } from "react-router";
import { errorCode, errorMessage, errorStatus } from "../../../api/client";
import { Dialog } from "../../../components/Dialog";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { useConfig } from "../../../lib/config";
import { parseAmount, rupees } from "../../../lib/money";
import { useSession } from "../../../lib/session";
import { amountProblem } from "../amount";
import { useConfirmPayment } from "../api/confirm-payment";
import { useCreatePayment, type PaymentCreated, type PaymentMode } from "../api/create-payment";
import { useRepayment } from "../api/get-repayment";
import { openCashfreeCheckout } from "../checkout/cashfree";
import { MockCheckout } from "../checkout/MockCheckout";
import { ErrorDialog } from "../components/ErrorDialog";
import styles from "../portal.module.css";

export const PAYMENT_NOT_MAPPED =
  "Payment is either not mapped or the financier is not authorized to receive payment";

interface Outcome {
  tone: "success" | "danger";
  message: string;
}

/** /payment: what the verified borrower owes, and paying all or part of it. */
export default function PaymentPage() {
  const { session } = useSession();
  const config = useConfig();
  const ids = useId();
  const verified = Boolean(session?.portal?.verified);
  const repaymentQuery = useRepayment({ enabled: verified });
  const creating = useCreatePayment();
  const confirming = useConfirmPayment();
  const [mode, setMode] = useState<PaymentMode>("totalOverdue");
  const [amountText, setAmountText] = useState("0");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<PaymentCreated | null>(null);
  const repayment = repaymentQuery.data ?? null;
  // An ended login (401) is answered by the API client, which sends the borrower to /paynow.
  const loadFailed = repaymentQuery.isError && errorStatus(repaymentQuery.error) !== 401;
  const busy = repaymentQuery.isFetching || creating.isPending || confirming.isPending;
  const { mutateAsync: confirm } = confirming;

  /** Ask the gateway how the payment went, then show it; the repayment is read again either way. */
  const settle = useCallback(
    async (payment: PaymentCreated) => {
      try {
        const answer = await confirm(payment);
        setOutcome({ tone: answer.status === "completed" ? "success" : "danger", message: answer.message });
      } catch (error) {
        console.warn("payment confirmation failed", errorCode(error));
      }
      setAmountText("0");
    },
    [confirm],
  );

  const closeMockCheckout = useCallback(() => {
    const payment = checkout;
    setCheckout(null);
    if (payment) void settle(payment);
  }, [checkout, settle]);

  if (session === null) return <LoadingOverlay show />;
  if (!verified) return <Navigate to="/paynow" replace />;

  const owed = repayment?.remainingAmount ?? 0;

  const pay = async () => {
    if (!repayment) return;
    const amount = mode === "totalOverdue" ? owed : parseAmount(amountText);
    const problem = amountProblem(amount, owed);
    if (problem) {
      setAmountError(problem);
      return;
    }
    setOutcome(null);
    let payment: PaymentCreated;
    try {
      payment = await creating.mutateAsync(mode === "totalOverdue" ? { mode } : { mode, amount });
    } catch (error) {
      if (errorStatus(error) === 401) return;
      if (errorCode(error) === "invalid_input") setAmountError(errorMessage(error, PAYMENT_NOT_MAPPED));
      else setFailure(PAYMENT_NOT_MAPPED);
      return;
    }
    if (config.checkout.adapter === "mock") {
      setCheckout(payment);
      return;
    }
    try {
      await openCashfreeCheckout(payment.paymentSessionId, config.checkout.mode);
    } catch (error) {
      console.warn("checkout failed", error instanceof Error ? error.message : error);
    }
    await settle(payment);
  };

  const amountId = `${ids}-amount`;
  const amountErrorId = `${ids}-amount-error`;

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel} ${styles.wide}`} aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className={styles.title}>
          Repayment
        </h1>
        <dl className={styles.borrower}>
          <div>
            <dt>Name</dt>
            <dd>{session.portal?.userName}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>+91 {session.portal?.mobileNumber}</dd>
          </div>
        </dl>

        {outcome && (
          <p className={`alert alert-${outcome.tone}`} role={outcome.tone === "danger" ? "alert" : "status"}>
            {outcome.message}
          </p>
        )}

        {loadFailed && (
          <div className="alert alert-danger" role="alert">
            We could not load your repayment details.{" "}
            <button type="button" className="link-button" onClick={() => void repaymentQuery.refetch()}>
              Try again
            </button>
          </div>
        )}

        {repayment && owed <= 0 && (
          <div className={styles.center}>
            <p className={styles.title}>You do not have any pending payment</p>
            <p className={styles.thanks}>Thank You!</p>
          </div>
        )}

        {repayment && owed > 0 && (
          <form
            className={styles.payForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void pay();
            }}
          >
            <fieldset className={styles.choices}>
              <legend>How much would you like to pay?</legend>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="paymentMode"
                  value="totalOverdue"
                  checked={mode === "totalOverdue"}
                  onChange={() => {
                    setMode("totalOverdue");
                    setAmountError(null);
                  }}
                />
                <span>
                  Total overdue <strong className={styles.amount}>{rupees(owed)}</strong>
                </span>
              </label>
              <label className={styles.choice}>
                <input
                  type="radio"
                  name="paymentMode"
                  value="partialPayment"
                  checked={mode === "partialPayment"}
                  onChange={() => setMode("partialPayment")}
                />
                <span>Partial payment</span>
              </label>
            </fieldset>

            {mode === "partialPayment" && (
              <div className={styles.amountField}>
                <label htmlFor={amountId}>Amount to pay (₹)</label>
                <input
                  id={amountId}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  value={amountText}
                  aria-invalid={Boolean(amountError)}
                  aria-describedby={amountError ? amountErrorId : undefined}
                  onChange={(event) => {
                    setAmountText(event.target.value);
                    setAmountError(null);
                  }}
                />
              </div>
            )}
            {amountError && (
              <p id={amountErrorId} className="form-error" role="alert">
                {amountError}
              </p>
            )}

            <div className={styles.actions}>
              <button type="button" className="btn btn-outline" onClick={() => setDetailsOpen(true)}>
                View Details
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Pay
              </button>
            </div>
          </form>
        )}
      </section>

      <Dialog open={detailsOpen && repayment !== null} title="Loan Details" onClose={() => setDetailsOpen(false)}>
        {repayment && (
          <dl className={styles.details}>
            <div>
              <dt>Remaining Amount</dt>
              <dd>{rupees(repayment.remainingAmount)}</dd>
            </div>
            <div>
              <dt>Late Fees</dt>
              <dd>{rupees(repayment.lateFees)}</dd>
            </div>
            <div>
              <dt>Pending Amount</dt>
              <dd>{rupees(repayment.pendingAmount)}</dd>
            </div>
          </dl>
        )}
      </Dialog>

      <MockCheckout
        paymentSessionId={checkout?.paymentSessionId ?? null}
        orderId={checkout?.orderId ?? null}
        onClose={closeMockCheckout}
      />
      <LoadingOverlay show={busy} />
      <ErrorDialog message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}
