import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, Navigate } from "react-router";
import { errorCode, errorMessage, errorStatus } from "../../../api/client";
import { Dialog } from "../../../components/Dialog";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { calendarDay } from "../../../lib/dates";
import { useConfig } from "../../../lib/config";
import { parseAmount, rupees, toPaise } from "../../../lib/money";
import { useSession } from "../../../lib/session";
import { amountProblem } from "../amount";
import { excessRefunded } from "../excess-refund";
import { useConfirmPayment, type PaymentOutcome } from "../api/confirm-payment";
import { useCreatePayment, type PaymentCreated, type PaymentMode } from "../api/create-payment";
import { usePaymentHistory } from "../api/get-payment-history";
import { useRepayment, type RepaymentView } from "../api/get-repayment";
import { useRecheckPayments } from "../api/recheck-payments";
import { openCashfreeCheckout } from "../../../components/checkout/cashfree";
import { MockCheckout } from "../../../components/checkout/MockCheckout";
import { ErrorDialog } from "../components/ErrorDialog";
import { LoanNotMapped } from "../components/LoanNotMapped";
import { PaymentHistory } from "../components/PaymentHistory";
import { PendingPayments } from "../components/PendingPayments";
import { AllocationPreview } from "../../../components/AllocationPreviewSlot";
import { UpiPanel } from "../../../components/upi/lazy";
import styles from "../portal.module.css";

/** How often a payment waiting for the payer's bank is asked about again. */
const BANK_POLL_MS = 5000;

export const PAYMENT_NOT_MAPPED = msg`Payment is either not mapped or the financier is not authorized to receive payment`;

type Tone = "success" | "danger" | "cancelled";

/**
 * How a payment went, worded by the app from the gateway's status: the lender's own message is
 * English ('Payment process completed'), the same words as the English here, and a page in Hindi
 * shows them in Hindi.
 */
const OUTCOME_WORDS = {
  success: msg`Payment process completed`,
  danger: msg`Payment failed`,
  cancelled: msg`Payment cancelled. No money was taken.`,
} as const;

interface Outcome {
  /**
   * "approval": paid, and the lender's checker is yet to approve the booking (never paid again).
   * "refunded": paid, and the lender's checker refused the booking: the payment is refunded in full.
   * "bank": tried, and the payer's bank has yet to answer: followed until it does, never offered again.
   */
  tone: Tone | "pending" | "approval" | "bank" | "ended" | "refunded";
  /** A cancelled payment, whose checkout 'Try again' reopens. */
  payment?: PaymentCreated;
  /** The gateway's answer: what happened to the money (amount, reference, receipt; why it failed). */
  answer?: PaymentOutcome;
}

/** Why a payment failed, in our words (the provider's reason as the lender reports it). */
const FAILURE_WORDS = {
  declined: msg`Your bank or card issuer declined the payment.`,
  expired: msg`The time to pay ran out before a payment was made.`,
} as const;

/** What happened to the money, under the outcome's headline. */
function OutcomeFacts({ outcome }: { outcome: Outcome }) {
  const { t } = useLingui();
  const answer = outcome.answer;
  if (outcome.tone === "approval") {
    return (
      <p className={`alert ${styles.cancelled}`} role="status">
        <Trans>
          Payment received. The lender is approving it; you do not need to pay again. It shows here as paid once
          approved.
        </Trans>
      </p>
    );
  }
  if (outcome.tone === "refunded") {
    const refunded = answer?.amount ? rupees(answer.amount) : null;
    return (
      <p className={`alert ${styles.cancelled}`} role="status">
        {refunded ? (
          <Trans>
            The lender did not accept this payment, so the full {refunded} is being refunded to the account you paid
            from. What you owe has not changed; you can pay again.
          </Trans>
        ) : (
          <Trans>
            The lender did not accept this payment, so the full amount is being refunded to the account you paid from.
            What you owe has not changed; you can pay again.
          </Trans>
        )}
      </p>
    );
  }
  if (outcome.tone === "bank") {
    return (
      <p className={`alert ${styles.cancelled}`} role="status">
        <Trans>
          Waiting for your bank to confirm the payment. Do not pay again: if your bank takes the money, it shows here
          as paid; if it does not, no money is taken and you can pay again. You can leave this page.
        </Trans>
      </p>
    );
  }
  if (outcome.tone === "pending") {
    return (
      <p className={`alert ${styles.cancelled}`} role="status">
        <Trans>
          We are confirming your payment with the bank. You can leave this page: once it is confirmed, we settle it and
          mail your receipt.
        </Trans>
      </p>
    );
  }
  if (outcome.tone === "ended") {
    return (
      <p className={`alert ${styles.cancelled}`} role="status">
        <Trans>Your bank did not take the payment before the time to pay ran out. No money was taken; you can pay again.</Trans>
      </p>
    );
  }
  if (outcome.tone === "danger") {
    const reason = answer?.failureReason ? t(FAILURE_WORDS[answer.failureReason]) : null;
    return (
      <div className={styles.outcomeFacts}>
        {reason && <p>{reason}</p>}
        <p>
          <strong>
            <Trans>No money was debited.</Trans>
          </strong>{" "}
          <Trans>You can try again.</Trans>
        </p>
      </div>
    );
  }
  if (outcome.tone !== "success" || !answer) return null;
  const paid = answer.amount ? rupees(answer.amount) : null;
  const mailedTo = answer.receiptMailedTo;
  const charges = answer.allocation ? rupees(answer.allocation.charges) : "";
  const interest = answer.allocation ? rupees(answer.allocation.interest) : "";
  const principal = answer.allocation ? rupees(answer.allocation.principal) : "";
  const refunded = answer.allocation?.refunded ? rupees(answer.allocation.refunded) : null;
  return (
    <dl className={`${styles.borrower} ${styles.outcomeFacts}`}>
      {paid && (
        <div>
          <dt>
            <Trans>Amount paid</Trans>
          </dt>
          <dd>{paid}</dd>
        </div>
      )}
      {answer.providerReference && (
        <div>
          <dt>
            <Trans>Payment reference</Trans>
          </dt>
          <dd>{answer.providerReference}</dd>
        </div>
      )}
      {answer.allocation && (
        <div>
          <dt>
            <Trans>How the lender applied it</Trans>
          </dt>
          <dd>
            <Trans>
              Charges {charges}, interest {interest}, principal {principal}
            </Trans>
          </dd>
        </div>
      )}
      {refunded && (
        <div>
          <dt>
            <Trans>Refunded to you</Trans>
          </dt>
          <dd>{t(excessRefunded(refunded))}</dd>
        </div>
      )}
      <div>
        <dt>
          <Trans>Receipt</Trans>
        </dt>
        <dd>
          {mailedTo ? <Trans>Mailed to {mailedTo}</Trans> : <Trans>Not mailed: there is no e-mail on record</Trans>}
          {answer.receiptUrl && (
            <>
              {" · "}
              <a href={answer.receiptUrl} download>
                <Trans>Download receipt</Trans>
              </a>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** The loan's particulars, each only when the lender gives it: on the page, at a glance, and in 'Loan Details'. */
function LoanParticulars({ repayment }: { repayment: RepaymentView }) {
  const days = repayment.daysOverdue;
  return (
    <>
        {repayment.lenderName && (
          <div>
            <dt>
              <Trans>Lender</Trans>
            </dt>
            <dd>{repayment.lenderName}</dd>
          </div>
        )}
        {repayment.loanNumber && (
          <div>
            <dt>
              <Trans>Loan number</Trans>
            </dt>
            <dd>{repayment.loanNumber}</dd>
          </div>
        )}
        {repayment.dueDate && (
          <div>
            <dt>
              <Trans>Due date</Trans>
            </dt>
            <dd>{calendarDay(repayment.dueDate)}</dd>
          </div>
        )}
        {days !== null && days !== undefined && (
          <div>
            <dt>
              <Trans>Days overdue</Trans>
            </dt>
            <dd>
              <Plural value={days} one="# day" other="# days" />
            </dd>
          </div>
        )}
    </>
  );
}

/** The 'Loan Details' figures, each saying what it is; the loan's particulars only when the lender gives them. */
function LoanDetails({ repayment }: { repayment: RepaymentView }) {
  return (
    <dl className={styles.details}>
        <LoanParticulars repayment={repayment} />
        <div>
          <dt>
            <Trans>Principal outstanding</Trans>
            <span className={styles.explain}>
              <Trans>The loan amount still to be repaid</Trans>
            </span>
          </dt>
          <dd>{rupees(repayment.pendingAmount)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Late fees</Trans>
            <span className={styles.explain}>
              <Trans>Charged for paying late</Trans>
            </span>
          </dt>
          <dd>{rupees(repayment.lateFees)}</dd>
        </div>
        <div className={styles.total}>
          <dt>
            <Trans>Total due</Trans>
            <span className={styles.explain}>
              <Trans>The loan amount still to be repaid plus the fees for paying late: what you pay when you choose Total overdue</Trans>
            </span>
          </dt>
          <dd>{rupees(repayment.remainingAmount)}</dd>
        </div>
    </dl>
  );
}

/** /payment: what the verified borrower owes, and paying all or part of it. */
export default function PaymentPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Repayment` });
  const { session } = useSession();
  const config = useConfig();
  const ids = useId();
  // A borrower who owes nothing today is logged in too (their loans): nothing to collect here.
  const verified = Boolean(session?.portal?.verified) && session?.portal?.owing !== false;
  const repaymentQuery = useRepayment({ enabled: verified });
  const creating = useCreatePayment();
  const confirming = useConfirmPayment();
  const historyQuery = usePaymentHistory({ enabled: verified });
  const rechecking = useRecheckPayments();
  const rechecked = useRef(false);
  const [mode, setMode] = useState<PaymentMode>("totalOverdue");
  const [amountText, setAmountText] = useState(""); // empty: typing 5000 gives 5000, not 05000
  const [amountError, setAmountError] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The lender takes no online payment for this loan: the form gives way to what to do next.
  const [notMapped, setNotMapped] = useState(false);
  const [checkout, setCheckout] = useState<PaymentCreated | null>(null);
  // A payment being paid by UPI: its panel stands instead of the Pay buttons until it is paid.
  const [upiFor, setUpiFor] = useState<PaymentCreated | null>(null);
  const repayment = repaymentQuery.data ?? null;
  // An ended login (401) is answered by the API client, which sends the borrower to /paynow.
  const loadFailed = repaymentQuery.isError && errorStatus(repaymentQuery.error) !== 401;
  const busy = repaymentQuery.isFetching || creating.isPending || confirming.isPending;
  const { mutateAsync: confirm } = confirming;
  const { mutate: recheck } = rechecking;
  const pendingPayments = repayment?.pendingPayments ?? [];

  // A payment started earlier and never confirmed (a tab closed after paying) is asked about
  // once on arrival; one the provider took then shows as paid, with what the lender booked and its receipt.
  useEffect(() => {
    if (rechecked.current || pendingPayments.length === 0) return;
    rechecked.current = true;
    recheck(undefined, {
      onSuccess: (result) => {
        const settled = result.settled[0];
        if (settled) setOutcome({ tone: settled.status === "refunded" ? "refunded" : "success", answer: settled });
      },
    });
  }, [pendingPayments.length, recheck]);

  // A payment waiting for the payer's bank is followed until the bank answers: booked and shown
  // paid when taken; when the order ends unpaid, the borrower may pay again.
  const bankOrder = outcome?.tone === "bank" ? (outcome.answer?.orderId ?? null) : null;
  useEffect(() => {
    if (!bankOrder) return;
    const timer = window.setInterval(() => {
      recheck(undefined, {
        onSuccess: (result) => {
          const settled = result.settled.find((s) => s.orderId === bankOrder);
          if (settled) setOutcome({ tone: settled.status === "refunded" ? "refunded" : "success", answer: settled });
          else if (!result.pending.some((p) => p.orderId === bankOrder)) setOutcome({ tone: "ended" });
        },
      });
    }, BANK_POLL_MS);
    return () => window.clearInterval(timer);
  }, [bankOrder, recheck]);

  /** Ask the gateway how the payment went, then show it; the repayment is read again either way. */
  const settle = useCallback(
    async (payment: PaymentCreated) => {
      try {
        // The gateway judges by the order's standing at the lender, not by how the modal closed.
        const answer = await confirm(payment);
        if (answer.status === "cancelled") setOutcome({ tone: "cancelled", payment });
        else if (answer.status === "awaitingApproval") setOutcome({ tone: "approval", answer });
        else if (answer.status === "refunded") setOutcome({ tone: "refunded", answer });
        else if (answer.status === "bankPending") setOutcome({ tone: "bank", answer });
        else setOutcome({ tone: answer.status === "completed" ? "success" : "danger", answer });
        // A failed, cancelled or refunded payment keeps the amount typed, to try again as it was.
        if (answer.status === "completed" || answer.status === "awaitingApproval" || answer.status === "bankPending")
          setAmountText("");
      } catch (error) {
        // Not known yet: the payment stays pending, and the lender settles it either way.
        if (errorStatus(error) !== 401) setOutcome({ tone: "pending" });
        console.warn("payment confirmation failed", errorCode(error));
      }
    },
    [confirm],
  );

  const closeMockCheckout = useCallback(() => {
    const payment = checkout;
    setCheckout(null);
    if (payment) void settle(payment);
  }, [checkout, settle]);

  const upiPaid = useCallback(() => {
    const payment = upiFor;
    setUpiFor(null);
    if (payment) void settle(payment);
  }, [upiFor, settle]);

  if (session === null) return <LoadingOverlay show />;
  // Owing nothing at login is not owing nothing now (a credit purchase since): /paynow asks the lender again.
  if (session?.portal?.owing === false || !verified) return <Navigate to="/paynow" replace />;

  const owed = repayment?.remainingAmount ?? "0.00";
  const owedPaise = toPaise(owed);
  const typedAmount = mode === "totalOverdue" ? owed : parseAmount(amountText);
  // The same amount as a payment still pending: offered again only with a warning.
  const samePending = pendingPayments.find((p) => toPaise(p.amount) === toPaise(typedAmount));

  /** Open the checkout for a payment already created (a new one, or a cancelled one again). */
  const openCheckout = async (payment: PaymentCreated) => {
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

  /** Create the payment (the lender's order for it); null when refused, with the reason shown. */
  const create = async (): Promise<PaymentCreated | null> => {
    if (!repayment) return null;
    const amount = typedAmount;
    // Before anything is started: the lender's minimum part-payment is the page's to enforce.
    const problem = amountProblem(amount, owed, mode === "partialPayment" ? repayment.minimumPayment : null);
    if (problem) {
      setAmountError(problem);
      return null;
    }
    setOutcome(null);
    let payment: PaymentCreated;
    try {
      payment = await creating.mutateAsync({
        mode,
        amount: mode === "totalOverdue" ? null : amount,
        payWhilePending: samePending !== undefined,
      });
    } catch (error) {
      if (errorStatus(error) === 401) return null;
      const code = errorCode(error);
      const refused = t(PAYMENT_NOT_MAPPED);
      if (code === "loan_not_mapped") setNotMapped(true);
      else if (code === "invalid_input" || code === "below_minimum" || code === "payment_pending") {
        setAmountError(errorMessage(error, refused));
      }
      else setFailure(refused);
      return null;
    }
    return payment;
  };

  const pay = async () => {
    const payment = await create();
    if (payment) await openCheckout(payment);
  };

  const payByUpi = async () => {
    const payment = await create();
    if (payment) setUpiFor(payment);
  };

  /* eslint-disable lingui/no-unlocalized-strings -- element ids */
  const amountId = `${ids}-amount`;
  const amountErrorId = `${ids}-amount-error`;
  const amountRulesId = `${ids}-amount-rules`;
  /* eslint-enable lingui/no-unlocalized-strings */
  const owedAmount = rupees(owed);
  const minimumAmount = repayment?.minimumPayment ? rupees(repayment.minimumPayment) : null;
  const pendingAmount = samePending ? rupees(samePending.amount) : "";

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel} ${styles.wide}`} aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`} className={styles.title}>
          <Trans>Repayment</Trans>
        </h1>
        <dl className={styles.borrower}>
          <div>
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>{session.portal?.userName}</dd>
          </div>
          <div>
            <dt>
              <Trans>Mobile</Trans>
            </dt>
            <dd>+91 {session.portal?.mobileNumber}</dd>
          </div>
          {repayment && <LoanParticulars repayment={repayment} />}
        </dl>

        {outcome && (outcome.tone === "success" || outcome.tone === "danger") && (
          <p className={`alert alert-${outcome.tone}`} role={outcome.tone === "danger" ? "alert" : "status"}>
            {t(OUTCOME_WORDS[outcome.tone])}
          </p>
        )}
        {outcome && <OutcomeFacts outcome={outcome} />}
        {outcome?.tone === "cancelled" && outcome.payment && (
          <div className={`alert ${styles.cancelled}`} role="status">
            <p>{t(OUTCOME_WORDS.cancelled)}</p>
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => {
                const payment = outcome.payment;
                setOutcome(null);
                if (payment) void openCheckout(payment);
              }}
            >
              <Trans>Try again</Trans>
            </button>
          </div>
        )}

        {loadFailed && (
          <div className="alert alert-danger" role="alert">
            <Trans>We could not load your repayment details.</Trans>{" "}
            <button type="button" className="link-button" onClick={() => void repaymentQuery.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )}

        <PendingPayments payments={pendingPayments} checking={rechecking.isPending} />

        {repayment && owedPaise <= 0 && (
          <div className={styles.center}>
            <p className={styles.title}>
              <Trans>You do not have any pending payment</Trans>
            </p>
            <p className={styles.thanks}>
              <Trans>Thank You!</Trans>
            </p>
          </div>
        )}

        {notMapped && <LoanNotMapped loanNumber={repayment?.loanNumber} />}

        {repayment && owedPaise > 0 && !notMapped && (
          <form
            className={styles.payForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void pay();
            }}
          >
            <fieldset className={styles.choices}>
              <legend>
                <Trans>How much would you like to pay?</Trans>
              </legend>
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
                  <Trans>
                    Total overdue <strong className={styles.amount}>{owedAmount}</strong>
                  </Trans>
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
                <span>
                  <Trans>Partial payment</Trans>
                </span>
              </label>
            </fieldset>

            {mode === "partialPayment" && (
              <div className={styles.amountField}>
                <label htmlFor={amountId}>
                  <Trans>Amount to pay (₹)</Trans>
                </label>
                <input
                  id={amountId}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  value={amountText}
                  aria-invalid={Boolean(amountError)}
                  aria-describedby={amountError ? `${amountRulesId} ${amountErrorId}` : amountRulesId}
                  onChange={(event) => {
                    setAmountText(event.target.value);
                    setAmountError(null);
                  }}
                />
                <p id={amountRulesId} className={styles.hint}>
                  {minimumAmount ? (
                    <Trans>
                      At least {minimumAmount} (the lender's minimum part-payment) and at most {owedAmount}, in rupees with up to 2
                      decimals (paise).
                    </Trans>
                  ) : (
                    <Trans>More than ₹0 and at most {owedAmount}, in rupees with up to 2 decimals (paise).</Trans>
                  )}
                </p>
              </div>
            )}
            {mode === "partialPayment" && repayment.loanNumber && (
              <AllocationPreview loanNumber={repayment.loanNumber} amount={typedAmount} />
            )}
            {amountError && (
              <p id={amountErrorId} className="form-error" role="alert">
                {amountError}
              </p>
            )}

            <div className={styles.actions}>
              <button type="button" className="btn btn-outline" onClick={() => setDetailsOpen(true)}>
                <Trans>View Details</Trans>
              </button>
              {outcome?.tone === "bank" ? (
                <p className={styles.warning}>
                  <Trans>A payment is waiting for your bank. You can pay again once your bank has answered.</Trans>
                </p>
              ) : (
                !upiFor && (
                  <>
                    <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void payByUpi()}>
                      <Trans>Pay by UPI</Trans>
                    </button>
                    <button type="submit" className="btn btn-primary" disabled={busy}>
                      {samePending ? <Trans>Pay again anyway</Trans> : <Trans>Pay</Trans>}
                    </button>
                  </>
                )
              )}
            </div>
            {upiFor && (
              <Suspense fallback={<LoadingOverlay show />}>
                <UpiPanel path={`/portal/payments/${encodeURIComponent(upiFor.orderId)}/upi`} onPaid={upiPaid} />
              </Suspense>
            )}
            {samePending && (
              <p className={styles.warning}>
                <Trans>A payment of {pendingAmount} is pending confirmation. Paying again may charge you twice.</Trans>
              </p>
            )}
          </form>
        )}
        {historyQuery.data && <PaymentHistory payments={historyQuery.data} />}
        <p className={styles.hint}>
          <Trans>
            Disagree with a charge or a recovery call? <Link to="/complaints">Raise a complaint</Link> and follow it by its ticket.
          </Trans>
        </p>
        <p>
          <Link to="/loans">
            <Trans>Your loans: key facts, statements and schedules</Trans>
          </Link>
        </p>
      </section>

      <Dialog open={detailsOpen && repayment !== null} title={t`Loan Details`} onClose={() => setDetailsOpen(false)}>
        {repayment && <LoanDetails repayment={repayment} />}
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
