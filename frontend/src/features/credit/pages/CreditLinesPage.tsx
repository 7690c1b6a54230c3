import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useId, useRef, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { errorMessage, errorStatus } from "../../../api/client";
import { AutoPaySection } from "../../../components/autopay/AutoPaySection";
import { openCashfreeCheckout } from "../../../components/checkout/cashfree";
import { MockCheckout } from "../../../components/checkout/MockCheckout";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { useConfig } from "../../../lib/config";
import { calendarDay } from "../../../lib/dates";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { rupees, toPaise } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { StoreHeader } from "../../../components/storefront/StoreHeader";
import { loginStateFrom } from "../../../components/storefront/return-to";
import shared from "../../../components/storefront/storefront.module.css";
import { useStore } from "../../../components/storefront/store-state";
import { useConfirmLinePayment } from "../api/confirm-payment";
import { useLineQuote, type Purpose } from "../api/get-quote";
import { useLines, type CreditLine } from "../api/list-lines";
import { usePayQuote, type LinePaymentCreated } from "../api/pay-quote";
import { LineDues } from "../components/LineDues";
import { LineStatus } from "../components/LineStatus";
import { QuoteFigures } from "../components/QuoteFigures";
import styles from "../credit.module.css";

/** Where a line's no-dues certificate is read, in the language asked for. */
export function certificateUrl(lineNumber: string, language: "en" | "hi"): string {
  return `/api/credit/lines/${encodeURIComponent(lineNumber)}/certificate/pdf?language=${language}`;
}

/** Where the Key Facts Statement a line was accepted on is read again. */
export function acceptedKeyFactsUrl(lineNumber: string, language: "en" | "hi"): string {
  return `/api/credit/lines/${encodeURIComponent(lineNumber)}/key-facts/pdf?language=${language}`;
}

// The Hindi document is offered in Hindi whatever the page's language, as a language switch is.
// eslint-disable-next-line lingui/no-unlocalized-strings -- the document's language, named in it
const HINDI_CERTIFICATE = "बकाया-नहीं प्रमाणपत्र हिंदी में (PDF)";

/**
 * /credit: the shopper's credit lines. In its cooling-off period a line can be left at principal
 * plus the APR for the days held, with no penalty; after it, closed early at the day's foreclosure
 * quote. Either is paid in the repayments' checkout; a closed line has its no-dues certificate. An
 * open line's dues can be paid by AutoPay, set up on its card.
 */
export default function CreditLinesPage() {
  const { t, i18n } = useLingui();
  usePageMeta({ title: t`Your credit` });
  const id = useId();
  const config = useConfig();
  const store = useStore();
  const location = useLocation();
  const lines = useLines({ enabled: store.verified === true });
  const [choice, setChoice] = useState<{ lineNumber: string; purpose: Purpose } | null>(null);
  const quote = useLineQuote(choice);
  const pay = usePayQuote();
  const confirm = useConfirmLinePayment();
  const [checkout, setCheckout] = useState<(LinePaymentCreated & { lineNumber: string }) | null>(null);
  // "ended": a line left or closed with nothing to pay (never drawn on), so nothing was paid.
  const [outcome, setOutcome] = useState<"paid" | "ended" | "failed" | null>(null);
  // One key per attempt to pay a quote: a double click, or a retry, is the same payment.
  const attemptKey = useRef<string | null>(null);

  const settle = useCallback(
    async (payment: LinePaymentCreated & { lineNumber: string }) => {
      if (payment.paymentLogId == null) return;
      try {
        const result = await confirm.mutateAsync({ lineNumber: payment.lineNumber, paymentLogId: payment.paymentLogId });
        setOutcome(result.paid ? "paid" : "failed");
        if (result.paid) {
          setChoice(null);
          attemptKey.current = null;
        }
      } catch {
        setOutcome("failed");
      }
    },
    [confirm],
  );
  const closeMockCheckout = useCallback(() => {
    const payment = checkout;
    setCheckout(null);
    if (payment) void settle(payment);
  }, [checkout, settle]);

  if (store.verified === false) return <Navigate to="/login" replace state={loginStateFrom(location)} />;

  const choose = (line: CreditLine, purpose: Purpose) => {
    setOutcome(null);
    attemptKey.current = null;
    setChoice({ lineNumber: line.lineNumber, purpose });
  };
  const payQuote = async () => {
    if (!quote.data) return;
    setOutcome(null);
    const key = (attemptKey.current ??= newIdempotencyKey());
    try {
      const made = await pay.mutateAsync({ quote: quote.data, key });
      const payment = { ...made, lineNumber: quote.data.lineNumber };
      if (made.settled) {
        await settleWithoutPayment();
        return;
      }
      if (config.checkout.adapter === "mock") {
        setCheckout(payment);
        return;
      }
      try {
        await openCashfreeCheckout(made.paymentSessionId ?? "", config.checkout.mode);
      } catch (error) {
        console.warn("checkout failed", error instanceof Error ? error.message : error);
      }
      await settle(payment);
    } catch {
      // Shown from the mutation's state.
    }
  };
  const settleWithoutPayment = async () => {
    setOutcome("ended");
    setChoice(null);
    attemptKey.current = null;
    await lines.refetch();
  };

  const open = lines.data?.filter((line) => line.status === "coolingOff" || line.status === "active") ?? [];
  return (
    <div className={shared.page}>
      <StoreHeader />
      <main className={`container ${styles.page}`}>
        <h1 className={styles.title}>
          <Trans>Your credit</Trans>
        </h1>
        {lines.isPending && store.verified === true && <LoadingOverlay show />}
        {lines.isError && errorStatus(lines.error) !== 401 && (
          <div className="alert alert-danger" role="alert">
            <Trans>We could not load your credit.</Trans>{" "}
            <button type="button" className="link-button" onClick={() => void lines.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )}
        {outcome === "paid" && (
          <p className="alert alert-success" role="status">
            <Trans>Paid. Your credit line is closed and nothing more is owed on it.</Trans>
          </p>
        )}
        {outcome === "ended" && (
          <p className="alert alert-success" role="status">
            <Trans>Done. Your credit line is closed; there was nothing to pay and nothing is owed on it.</Trans>
          </p>
        )}
        {outcome === "failed" && (
          <p className="alert alert-danger" role="alert">
            <Trans>The payment did not go through. Your credit line stays open; you can try again.</Trans>
          </p>
        )}
        {lines.data && lines.data.length === 0 && (
          <p>
            <Trans>You have no credit line yet.</Trans> <Link to="/credit/apply">{t`Apply for credit`}</Link>
          </p>
        )}
        {lines.data && lines.data.length > 0 && (
          <ul className={styles.lines}>
            {lines.data.map((line) => (
              <li key={line.lineNumber}>
                <article className={`card ${styles.line}`} aria-labelledby={`${id}-${line.lineNumber}`}>
                  <h2 id={`${id}-${line.lineNumber}`}>
                    <Trans>Credit line {line.lineNumber}</Trans>
                  </h2>
                  <LineStatus line={line} />
                  <dl className={styles.figures}>
                    <div>
                      <dt>
                        <Trans>Lender</Trans>
                      </dt>
                      <dd>{line.lender.name}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Credit limit</Trans>
                      </dt>
                      <dd>{rupees(line.creditLimit)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Annual percentage rate (APR)</Trans>
                      </dt>
                      <dd>{line.apr}%</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Opened on</Trans>
                      </dt>
                      <dd>{calendarDay(line.acceptedOn)}</dd>
                    </div>
                    {line.keyFactsVersion && (
                      <div>
                        <dt>
                          <Trans>Key Facts Statement you accepted</Trans>
                        </dt>
                        <dd>
                          <a href={acceptedKeyFactsUrl(line.lineNumber, i18n.locale === "hi" ? "hi" : "en")} download>
                            <Trans>Version {line.keyFactsVersion} (PDF)</Trans>
                          </a>
                        </dd>
                      </div>
                    )}
                  </dl>
                  <LineDues line={line} />
                  {(line.status === "coolingOff" || line.status === "active") && (
                    <AutoPaySection account={{ kind: "line", number: line.lineNumber }} enabled={store.verified === true} nested />
                  )}
                  <div className={styles.links}>
                    {line.status === "coolingOff" && (
                      <button type="button" className="btn btn-outline" onClick={() => choose(line, "coolingOffExit")}>
                        <Trans>
                          Leave in the cooling-off period<span className="visually-hidden"> (credit line {line.lineNumber})</span>
                        </Trans>
                      </button>
                    )}
                    {(line.status === "coolingOff" || line.status === "active") && (
                      <button type="button" className="btn btn-outline" onClick={() => choose(line, "foreclosure")}>
                        <Trans>
                          Close early<span className="visually-hidden"> (credit line {line.lineNumber})</span>
                        </Trans>
                      </button>
                    )}
                    {(line.status === "exited" || line.status === "closed") && (
                      <>
                        <a href={certificateUrl(line.lineNumber, "en")} download>
                          <Trans>No-dues certificate in English (PDF)</Trans>
                        </a>
                        <a href={certificateUrl(line.lineNumber, "hi")} download lang="hi">
                          {HINDI_CERTIFICATE}
                        </a>
                      </>
                    )}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {choice && open.some((line) => line.lineNumber === choice.lineNumber) && (
          <section className={`card ${styles.keyFacts}`} aria-labelledby={`${id}-quote`}>
            <h2 id={`${id}-quote`}>
              {choice.purpose === "coolingOffExit" ? <Trans>Leave in the cooling-off period</Trans> : <Trans>Close early</Trans>}
            </h2>
            {quote.isError && (
              <p className="alert alert-danger" role="alert">
                {errorMessage(quote.error, t`The amount to pay could not be worked out. Please try again.`)}
              </p>
            )}
            {quote.data && (
              <>
                <QuoteFigures quote={quote.data} />
                {pay.isError && (
                  <p className="alert alert-danger" role="alert">
                    {errorMessage(pay.error, t`The payment could not be started. Please try again.`)}
                  </p>
                )}
                <button type="button" className="btn btn-primary" disabled={pay.isPending || confirm.isPending} onClick={() => void payQuote()}>
                  {toPaise(quote.data.total) > 0 ? (
                    <Trans>Pay {rupees(quote.data.total)}</Trans>
                  ) : quote.data.purpose === "coolingOffExit" ? (
                    <Trans>Leave the credit line: nothing to pay</Trans>
                  ) : (
                    <Trans>Close the credit line: nothing to pay</Trans>
                  )}
                </button>
              </>
            )}
          </section>
        )}
        <MockCheckout
          paymentSessionId={checkout?.paymentSessionId ?? null}
          orderId={checkout?.orderId ?? null}
          onClose={closeMockCheckout}
        />
        <LoadingOverlay show={quote.isFetching || pay.isPending || confirm.isPending} />
      </main>
    </div>
  );
}
