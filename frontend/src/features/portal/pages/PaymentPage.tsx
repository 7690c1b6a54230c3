import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Navigate } from "react-router";
import { errorCode, errorMessage, errorStatus } from "../../../api/client";
import { Dialog } from "../../../components/Dialog";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { useConfig } from "../../../lib/config";
import { parseAmount, rupees, toPaise } from "../../../lib/money";
import { useSession } from "../../../lib/session";
import { amountProblem } from "../amount";
import { useConfirmPayment } from "../api/confirm-payment";
import { useCreatePayment, type PaymentCreated, type PaymentMode } from "../api/create-payment";
import { usePaymentHistory } from "../api/get-payment-history";
import { useRepayment } from "../api/get-repayment";
import { useRecheckPayments } from "../api/recheck-payments";
import { openCashfreeCheckout } from "../../../components/checkout/cashfree";
import { MockCheckout } from "../../../components/checkout/MockCheckout";
import { ErrorDialog } from "../components/ErrorDialog";
import { PaymentHistory } from "../components/PaymentHistory";
import { PendingPayments } from "../components/PendingPayments";
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
  const historyQuery = usePaymentHistory({ enabled: verified });
  const rechecking = useRecheckPayments();
  const rechecked = useRef(false);
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
  const { mutate: recheck } = rechecking;
  const pendingPayments = repayment?.pendingPayments ?? [];

  // A payment started earlier and never confirmed (a tab closed after paying) is asked about
  // once on arrival; one the provider took then shows as paid, with its receipt.
  useEffect(() => {
    if (rechecked.current || pendingPayments.length === 0) return;
    rechecked.current = true;
    recheck(undefined, {
      onSuccess: (result) => {
        const settled = result.settled[0];
        if (settled) setOutcome({ tone: "success", message: settled.message });
      },
    });
  }, [pendingPayments.length, recheck]);

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

  const owed = repayment?.remainingAmount ?? "0.00";
  const owedPaise = toPaise(owed);
  const typedAmount = mode === "totalOverdue" ? owed : parseAmount(amountText);
  // The same amount as a payment still pending: offered again only with a warning.
  const samePending = pendingPayments.find((p) => toPaise(p.amount) === toPaise(typedAmount));

  const pay = async () => {
    if (!repayment) return;
    const amount = typedAmount;
    const problem = amountProblem(amount, owed);
    if (problem) {
      setAmountError(problem);
      return;
    }
    setOutcome(null);
    let payment: PaymentCreated;
    try {
      payment = await creating.mutateAsync({
        mode,
        amount: mode === "totalOverdue" ? null : String(amount),
        payWhilePending: samePending !== undefined,
      });
    } catch (error) {
      if (errorStatus(error) === 401) return;
      const code = errorCode(error);
      if (code === "invalid_input" || code === "payment_pending") setAmountError(errorMessage(error, PAYMENT_NOT_MAPPED));
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

        <PendingPayments payments={pendingPayments} checking={rechecking.isPending} />

        {repayment && owedPaise <= 0 && (
          <div className={styles.center}>
            <p className={styles.title}>You do not have any pending payment</p>
            <p className={styles.thanks}>Thank You!</p>
          </div>
        )}

        {repayment && owedPaise > 0 && (
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
                {samePending ? "Pay again anyway" : "Pay"}
              </button>
            </div>
            {samePending && (
              <p className={styles.warning}>
                A payment of {rupees(samePending.amount)} is pending confirmation. Paying again may charge you twice.
              </p>
            )}
          </form>
        )}
        {historyQuery.data && <PaymentHistory payments={historyQuery.data} />}
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
