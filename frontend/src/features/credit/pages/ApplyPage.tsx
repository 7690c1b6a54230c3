import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { errorMessage } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { calendarDay } from "../../../lib/dates";
import { usePageMeta } from "../../../lib/page-meta";
import { StoreHeader } from "../../../components/storefront/StoreHeader";
import { loginStateFrom } from "../../../components/storefront/return-to";
import shared from "../../../components/storefront/storefront.module.css";
import { useStore } from "../../../components/storefront/store-state";
import { useAcceptOffer } from "../api/accept-offer";
import { useApply, type CreditApplication } from "../api/apply";
import { useCurrentApplication } from "../api/get-current-application";
import type { CreditLine } from "../api/list-lines";
import { KeyFactsPanel } from "../components/KeyFactsPanel";
import { OfferCard } from "../components/OfferCard";
import styles from "../credit.module.css";

/**
 * /credit/apply: a short application (the business, a GSTIN or PAN, consent to a bureau check),
 * decided by the lender at once; every lender's offer with its APR, none put first; an offer's Key
 * Facts read and acknowledged before it can be accepted. `?from=checkout` leads back to the order.
 */
export default function ApplyPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Apply for credit` });
  const id = useId();
  const store = useStore();
  const location = useLocation();
  const [params] = useSearchParams();
  const fromCheckout = params.get("from") === "checkout";
  const [form, setForm] = useState({ applicantName: "", businessName: "", taxId: "", email: "", bureauConsent: false });
  const [decided, setDecided] = useState<CreditApplication | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [line, setLine] = useState<CreditLine | null>(null);
  const apply = useApply();
  const accept = useAcceptOffer();
  // An approval made before this page load (a reload, a new login) is the gateway's to give back.
  const current = useCurrentApplication({ enabled: store.verified === true });
  const shown = decided ?? current.data?.application ?? null;

  if (store.verified === false) return <Navigate to="/login" replace state={loginStateFrom(location)} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setDecided(await apply.mutateAsync(form));
    } catch {
      // The error is shown from the mutation's state.
    }
  };
  const read = (offerId: string) => {
    setReading(offerId);
    setAcknowledged(false);
  };
  const acceptOffer = async () => {
    if (!reading) return;
    try {
      setLine(await accept.mutateAsync(reading));
    } catch {
      // Shown from the mutation's state.
    }
  };

  return (
    <div className={shared.page}>
      <StoreHeader />
      <main className={`container ${styles.page}`}>
        <h1 className={styles.title}>
          <Trans>Apply for credit</Trans>
        </h1>
        {line ? (
          <section className="card" aria-labelledby={`${id}-open`}>
            <h2 id={`${id}-open`}>
              <Trans>Your credit line {line.lineNumber} is open</Trans>
            </h2>
            <p role="status">
              <Trans>
                You may leave it without any penalty until {calendarDay(line.coolingOffEndsOn)}, by repaying what you used and the
                interest for the days you held it.
              </Trans>
            </p>
            <p className={styles.links}>
              {fromCheckout && (
                <Link to="/checkout" className="btn btn-primary" state={{ paymentType: "loan" }}>
                  <Trans>Back to checkout</Trans>
                </Link>
              )}
              <Link to="/credit">
                <Trans>Your credit</Trans>
              </Link>
            </p>
          </section>
        ) : shown ? (
          <Decision
            decided={shown}
            reading={reading}
            onRead={read}
            acknowledged={acknowledged}
            onAcknowledge={setAcknowledged}
            onAccept={() => void acceptOffer()}
            accepting={accept.isPending}
            acceptError={accept.isError ? errorMessage(accept.error, t`The offer could not be accepted. Please try again.`) : null}
          />
        ) : (
          <form className={`card ${styles.form}`} onSubmit={(e) => void submit(e)} noValidate>
            <p>
              <Trans>Tell us about your business. The lender decides at once; applying does not commit you to anything.</Trans>
            </p>
            <div>
              <label htmlFor={`${id}-name`}>
                <Trans>Your name</Trans>
              </label>
              <input
                id={`${id}-name`}
                required
                maxLength={80}
                autoComplete="name"
                value={form.applicantName}
                onChange={(e) => setForm({ ...form, applicantName: e.target.value })}
              />
            </div>
            <div>
              <label htmlFor={`${id}-business`}>
                <Trans>Business name</Trans>
              </label>
              <input
                id={`${id}-business`}
                required
                maxLength={120}
                autoComplete="organization"
                value={form.businessName}
                onChange={(e) => setForm({ ...form, businessName: e.target.value })}
              />
            </div>
            <div>
              <label htmlFor={`${id}-tax`}>
                <Trans>GSTIN or PAN</Trans>
              </label>
              <input
                id={`${id}-tax`}
                required
                maxLength={30}
                autoCapitalize="characters"
                spellCheck={false}
                value={form.taxId}
                onChange={(e) => setForm({ ...form, taxId: e.target.value.toUpperCase() })}
              />
            </div>
            <div>
              <label htmlFor={`${id}-email`}>
                <Trans>Email (optional, for your certificates)</Trans>
              </label>
              <input
                id={`${id}-email`}
                type="email"
                maxLength={120}
                autoComplete="email"
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            </div>
            <label className={styles.consent}>
              <input
                type="checkbox"
                checked={form.bureauConsent}
                onChange={(e) => setForm({ ...form, bureauConsent: e.target.checked })}
              />
              <span>
                <Trans>I agree that the lenders may check my credit bureau report to decide on this application.</Trans>
              </span>
            </label>
            {apply.isError && (
              <p className="alert alert-danger" role="alert">
                {errorMessage(apply.error, t`Your application could not be sent to the lender. Please try again.`)}
              </p>
            )}
            <button type="submit" className="btn btn-primary" disabled={apply.isPending}>
              <Trans>Apply</Trans>
            </button>
          </form>
        )}
        {fromCheckout && !line && (
          <p className={styles.links}>
            <Link to="/checkout">
              <Trans>Back to checkout without credit</Trans>
            </Link>
          </p>
        )}
        <LoadingOverlay show={apply.isPending || accept.isPending || (store.verified === true && current.isPending)} />
      </main>
    </div>
  );
}

function Decision({
  decided,
  reading,
  onRead,
  acknowledged,
  onAcknowledge,
  onAccept,
  accepting,
  acceptError,
}: {
  decided: CreditApplication;
  reading: string | null;
  onRead: (offerId: string) => void;
  acknowledged: boolean;
  onAcknowledge: (value: boolean) => void;
  onAccept: () => void;
  accepting: boolean;
  acceptError: string | null;
}) {
  const id = useId();
  if (decided.decision !== "approved") {
    return (
      <section className="card" aria-labelledby={`${id}-decision`}>
        <h2 id={`${id}-decision`}>
          {decided.decision === "rejected" ? <Trans>Your application was not approved</Trans> : <Trans>Your application needs a closer look</Trans>}
        </h2>
        <p role="alert" className={decided.decision === "rejected" ? "alert alert-danger" : "alert"}>
          {decided.reason}
        </p>
        <p>
          <Trans>You can still pay online or cash on delivery.</Trans>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby={`${id}-offers`}>
      <h2 id={`${id}-offers`}>
        <Trans>You are approved: choose an offer</Trans>
      </h2>
      <p>
        <Trans>Each lender's offer is listed by the lender's name. Read an offer's Key Facts Statement before you accept it.</Trans>
      </p>
      <ul className={styles.offers}>
        {decided.offers.map((offer) => (
          <li key={offer.offerId}>
            <OfferCard offer={offer} reading={reading === offer.offerId} onRead={() => onRead(offer.offerId)} />
          </li>
        ))}
      </ul>
      {reading && (
        <KeyFactsPanel
          offerId={reading}
          acknowledged={acknowledged}
          onAcknowledge={onAcknowledge}
          onAccept={onAccept}
          accepting={accepting}
          error={acceptError}
        />
      )}
    </section>
  );
}
