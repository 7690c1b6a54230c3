import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { dayOf } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { ComplaintSubjects } from "../api/get-subjects";
import type { ComplaintView } from "../api/get-complaints";
import { useRaiseComplaint, type Category } from "../api/raise-complaint";
import { CATEGORIES, CATEGORY_WORDS } from "./words";
import styles from "../complaints.module.css";

/** Raise a complaint: its category, the borrower's words, and the loan or payment it is about, if any. */
export function ComplaintForm({ subjects, onRaised }: { subjects: ComplaintSubjects | undefined; onRaised: (complaint: ComplaintView) => void }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const raising = useRaiseComplaint();
  const [category, setCategory] = useState<Category>("charges");
  const [text, setText] = useState("");
  const [loanNumber, setLoanNumber] = useState("");
  const [paymentLogId, setPaymentLogId] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    raising.mutate(
      { category, text, loanNumber: loanNumber || null, paymentLogId: paymentLogId ? Number(paymentLogId) : null },
      { onSuccess: onRaised },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={`${ids}-category`}>
        <Trans>What is it about?</Trans>
        <select id={`${ids}-category`} value={category} onChange={(event) => setCategory(event.target.value as Category)}>
          {CATEGORIES.map((one) => (
            <option key={one} value={one}>
              {i18n._(CATEGORY_WORDS[one])}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${ids}-text`}>
        <Trans>Your complaint</Trans>
        <textarea
          id={`${ids}-text`}
          value={text}
          maxLength={2000}
          onChange={(event) => setText(event.target.value)}
          placeholder={t`What happened, when, and what you would like the lender to do`}
        />
      </label>
      {subjects && subjects.loans.length > 0 && (
        <label htmlFor={`${ids}-loan`}>
          <Trans>Loan (optional)</Trans>
          <select id={`${ids}-loan`} value={loanNumber} onChange={(event) => setLoanNumber(event.target.value)}>
            <option value="">{t`Not about one loan`}</option>
            {subjects.loans.map((loan) => (
              <option key={loan.loanNumber} value={loan.loanNumber}>
                {loan.lenderName ? `${loan.loanNumber} (${loan.lenderName})` : loan.loanNumber}
              </option>
            ))}
          </select>
        </label>
      )}
      {subjects && subjects.payments.length > 0 && (
        <label htmlFor={`${ids}-payment`}>
          <Trans>Payment (optional)</Trans>
          <select id={`${ids}-payment`} value={paymentLogId} onChange={(event) => setPaymentLogId(event.target.value)}>
            <option value="">{t`Not about one payment`}</option>
            {subjects.payments.map((payment) => (
              <option key={payment.paymentLogId} value={String(payment.paymentLogId)}>
                {`${rupees(payment.amount)}, ${dayOf(payment.createdAt)}`}
              </option>
            ))}
          </select>
        </label>
      )}
      {raising.isError && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(raising.error, t`Your complaint could not be registered. Please try again.`)}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={raising.isPending}>
        <Trans>Raise complaint</Trans>
      </button>
    </form>
  );
}
