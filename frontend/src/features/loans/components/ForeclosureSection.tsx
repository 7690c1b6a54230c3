import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useRef, useState } from "react";
import { errorMessage } from "../../../api/client";
import { openCashfreeCheckout } from "../../../components/checkout/cashfree";
import { MockCheckout } from "../../../components/checkout/MockCheckout";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { useConfig } from "../../../lib/config";
import { calendarDay } from "../../../lib/dates";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { rupees } from "../../../lib/money";
import {
  useConfirmForeclosure,
  useForeclosureQuote,
  usePayForeclosure,
  useReceiptOf,
  type ForeclosurePaymentCreated,
  type ForeclosureQuote,
} from "../api/foreclosure";
import styles from "../loans.module.css";
import { NoDuesLinks } from "./NoDuesLinks";

/** Which rule set the charge, in the quote's words: the lender says, we never work it out. */
function ChargeRule({ quote }: { quote: ForeclosureQuote }) {
  if (quote.chargeRule === "noChargeFloatingRate") {
    return (
      <Trans>
        No foreclosure charge: this is a floating-rate loan, and RBI's rules on pre-payment charges do not allow one.
      </Trans>
    );
  }
  return (
    <Trans>
      This is a fixed-rate loan: the foreclosure charge is the one in its Key Facts Statement, {quote.foreclosureChargePercent}% of the
      principal repaid early.
    </Trans>
  );
}

/**
 * A closed loan's no-dues certificate; for an open one, closing it early: today's quote from the lender, paid once in the repayments'
 * checkout (one Idempotency-Key per attempt), after which the lender closes the loan and its
 * no-dues certificate and the payment's receipt can be downloaded.
 */
export function ForeclosureSection({ loanNumber, closed }: { loanNumber: string; closed: boolean }) {
  const { t } = useLingui();
  const config = useConfig();
  const [asked, setAsked] = useState(false);
  const quote = useForeclosureQuote(loanNumber, { enabled: asked });
  const pay = usePayForeclosure();
  const confirm = useConfirmForeclosure();
  const [checkout, setCheckout] = useState<ForeclosurePaymentCreated | null>(null);
  const [outcome, setOutcome] = useState<{ paid: boolean; orderId: string } | null>(null);
  const attemptKey = useRef<string | null>(null);
  const receipt = useReceiptOf(outcome?.paid ? outcome.orderId : null);

  const settle = useCallback(
    async (payment: ForeclosurePaymentCreated) => {
      try {
        const result = await confirm.mutateAsync({ loanNumber, paymentLogId: payment.paymentLogId });
        setOutcome({ paid: result.paid, orderId: payment.orderId });
        if (result.paid) attemptKey.current = null;
      } catch {
        setOutcome({ paid: false, orderId: payment.orderId });
      }
    },
    [confirm, loanNumber],
  );
  const closeMockCheckout = useCallback(() => {
    const payment = checkout;
    setCheckout(null);
    if (payment) void settle(payment);
  }, [checkout, settle]);

  const payQuote = async () => {
    if (!quote.data) return;
    setOutcome(null);
    // The same key until this attempt is settled: a second click is the same payment.
    const key = (attemptKey.current ??= newIdempotencyKey());
    let made: ForeclosurePaymentCreated;
    try {
      made = await pay.mutateAsync({ quote: quote.data, key });
    } catch {
      return; // shown from the mutation's state
    }
    if (config.checkout.adapter === "mock") {
      setCheckout(made);
      return;
    }
    try {
      await openCashfreeCheckout(made.paymentSessionId, config.checkout.mode);
    } catch (error) {
      console.warn("checkout failed", error instanceof Error ? error.message : error);
    }
    await settle(made);
  };

  if (closed && !outcome?.paid) {
    return (
      <section className="card" aria-labelledby="no-dues">
        <h2 id="no-dues" className={styles.subtitle}>
          <Trans>No-dues certificate</Trans>
        </h2>
        <p>
          <Trans>This loan is closed and nothing is owed on it.</Trans>
        </p>
        <NoDuesLinks loanNumber={loanNumber} />
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="foreclosure">
      <h2 id="foreclosure" className={styles.subtitle}>
        <Trans>Close this loan early</Trans>
      </h2>
      {outcome?.paid ? (
        <>
          <p className="alert alert-success" role="status">
            <Trans>Paid. Your loan is closed and nothing more is owed on it.</Trans>
          </p>
          {receipt.data && (
            <p className={styles.links}>
              <a href={receipt.data} download>
                <Trans>Receipt of this payment (PDF)</Trans>
              </a>
            </p>
          )}
          <NoDuesLinks loanNumber={loanNumber} />
        </>
      ) : (
        <>
          <p>
            <Trans>Repay the whole loan today: the lender tells you the exact amount first.</Trans>
          </p>
          {!asked && (
            <button type="button" className="btn btn-outline" onClick={() => setAsked(true)}>
              <Trans>See today's amount to close the loan</Trans>
            </button>
          )}
          {quote.isError && (
            <p className="alert alert-danger" role="alert">
              {errorMessage(quote.error, t`The amount to close the loan could not be worked out. Please try again.`)}
            </p>
          )}
          {outcome && !outcome.paid && (
            <p className="alert alert-danger" role="alert">
              <Trans>The payment did not go through. Your loan stays open; you can try again.</Trans>
            </p>
          )}
          {quote.data && (
            <>
              <dl className={styles.figures}>
                <div>
                  <dt>
                    <Trans>Principal outstanding</Trans>
                  </dt>
                  <dd>{rupees(quote.data.principal)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Interest to date</Trans>
                  </dt>
                  <dd>{rupees(quote.data.interest)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Penal charges</Trans>
                  </dt>
                  <dd>{rupees(quote.data.penalCharges)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Foreclosure charge</Trans>
                  </dt>
                  <dd>{rupees(quote.data.foreclosureCharge)}</dd>
                </div>
                <div>
                  <dt>
                    <Trans>Total to pay</Trans>
                  </dt>
                  <dd>{rupees(quote.data.total)}</dd>
                </div>
              </dl>
              <p>
                <ChargeRule quote={quote.data} />
              </p>
              <p>
                <Trans>This amount holds on {calendarDay(quote.data.validOn)} only.</Trans>
              </p>
              {pay.isError && (
                <p className="alert alert-danger" role="alert">
                  {errorMessage(pay.error, t`The payment could not be started. Please try again.`)}
                </p>
              )}
              <button
                type="button"
                className="btn btn-primary"
                disabled={pay.isPending || confirm.isPending}
                onClick={() => void payQuote()}
              >
                <Trans>Pay {rupees(quote.data.total)} and close the loan</Trans>
              </button>
            </>
          )}
        </>
      )}
      <MockCheckout paymentSessionId={checkout?.paymentSessionId ?? null} orderId={checkout?.orderId ?? null} onClose={closeMockCheckout} />
      <LoadingOverlay show={quote.isFetching || pay.isPending || confirm.isPending} />
    </section>
  );
}
