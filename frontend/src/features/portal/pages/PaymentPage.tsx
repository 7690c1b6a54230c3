import { useCallback, useEffect, useId, useState } from "react";
import { Navigate } from "react-router";
import { errorCode, errorMessage, errorStatus } from "../../../api/client";
import { useConfig } from "../../../app/config";
import { useSession } from "../../../app/session";
import { Dialog } from "../../../components/Dialog";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { confirmPayment, createPayment, getRepayment, type PaymentCreated, type PaymentMode, type RepaymentView } from "../api";
import { openCashfreeCheckout } from "../checkout/cashfree";
import { MockCheckout } from "../checkout/MockCheckout";
import { ErrorDialog } from "../components/ErrorDialog";
import { amountProblem, parseAmount, rupees } from "../money";
import styles from "../portal.module.css";

export const PAYMENT_NOT_MAPPED =
  "Payment is either not mapped or the financier is not authorized to receive payment";

interface Outcome {
  tone: "success" | "danger";
  message: string;
}

/** A fresh key per Pay click (crypto.randomUUID needs a secure context; fall back to random bytes). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** /payment: what the verified borrower owes, and paying all or part of it. */
export default function PaymentPage() {
  const { session, refresh } = useSession();
  const config = useConfig();
  const ids = useId();
  const [repayment, setRepayment] = useState<RepaymentView | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [mode, setMode] = useState<PaymentMode>("totalOverdue");
  const [amountText, setAmountText] = useState("0");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<PaymentCreated | null>(null);
  const [busy, setBusy] = useState(false);
  const verified = Boolean(session?.portal?.verified);

  const load = useCallback(async () => {
    setBusy(true);
    try {
      setRepayment(await getRepayment());
      setLoadFailed(false);
    } catch (error) {
      if (errorStatus(error) === 401) {
        await refresh(); // the login is gone: the redirect below takes the borrower to /paynow
        return;
      }
      console.warn("repayment detail failed", errorCode(error));
      setLoadFailed(true);
    } finally {
      setBusy(false);
    }
  }, [refresh]);

  useEffect(() => {
    if (verified) void load();
  }, [verified, load]);

  const settle = useCallback(
    async (payment: PaymentCreated) => {
      setBusy(true);
      try {
        const answer = await confirmPayment(payment);
        setOutcome({ tone: answer.status === "completed" ? "success" : "danger", message: answer.message });
      } catch (error) {
        console.warn("payment confirmation failed", errorCode(error));
      } finally {
        setBusy(false);
      }
      setAmountText("0");
      await load();
    },
    [load],
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
    setBusy(true);
    let payment: PaymentCreated;
    try {
      payment = await createPayment(
        mode === "totalOverdue" ? { mode } : { mode, amount },
        newIdempotencyKey(),
      );
    } catch (error) {
      if (errorStatus(error) === 401) await refresh();
      else if (errorCode(error) === "invalid_input") setAmountError(errorMessage(error, PAYMENT_NOT_MAPPED));
      else setFailure(PAYMENT_NOT_MAPPED);
      setBusy(false);
      return;
    }
    setBusy(false);
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
            <button type="button" className="link-button" onClick={() => void load()}>
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
