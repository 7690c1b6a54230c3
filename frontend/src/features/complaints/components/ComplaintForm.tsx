import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { dayOf } from "../../../lib/dates";
import { rupees } from "../../../lib/money";
import type { ComplaintSubjects } from "../api/get-subjects";
import type { ComplaintView } from "../api/get-complaints";
import { useRaiseComplaint, type Category } from "../api/raise-complaint";
import { CATEGORIES, CATEGORY_WORDS, againstWords } from "./words";
import styles from "../complaints.module.css";

/** The "against whom" choice: the platform, or one lender by name. */
const PLATFORM = "platform";

/** Raise a complaint: whom it is against (the platform or a lender by name), its category, the
 * borrower's words, and the loan or payment it is about, if any (a lender's loans only, once one
 * is chosen). */
export function ComplaintForm({ subjects, onRaised }: { subjects: ComplaintSubjects | undefined; onRaised: (complaint: ComplaintView) => void }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const raising = useRaiseComplaint();
  const [against, setAgainst] = useState("");
  const [category, setCategory] = useState<Category>("charges");
  const [text, setText] = useState("");
  const [loanNumber, setLoanNumber] = useState("");
  const [paymentLogId, setPaymentLogId] = useState("");

  const lenders = subjects?.lenders ?? [];
  // A borrower of one lender has it chosen already.
  const chosen = against || (lenders.length === 1 ? lenders[0] : "");

  function submit(event: FormEvent) {
    event.preventDefault();
    const lenderName = chosen && chosen !== PLATFORM ? chosen : null;
    raising.mutate(
      {
        against: chosen === PLATFORM ? "platform" : "lender",
        lenderName,
        category,
        text,
        loanNumber: loanNumber || null,
        paymentLogId: paymentLogId ? Number(paymentLogId) : null,
      },
      { onSuccess: onRaised },
    );
  }
  // Once a lender is chosen, only its loans; the platform's complaints may name any loan.
  const loans = (subjects?.loans ?? []).filter((loan) => !chosen || chosen === PLATFORM || loan.lenderName === chosen);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor={`${ids}-against`}>
        <Trans>Against whom?</Trans>
        <select
          id={`${ids}-against`}
          value={chosen}
          onChange={(event) => {
            setAgainst(event.target.value);
            setLoanNumber("");
          }}
        >
          {lenders.length !== 1 && <option value="">{t`Choose the platform or a lender`}</option>}
          {lenders.map((name) => (
            <option key={name} value={name}>
              {againstWords(i18n, { against: "lender", againstName: name })}
            </option>
          ))}
          <option value={PLATFORM}>{againstWords(i18n, { against: "platform", againstName: subjects?.platform })}</option>
        </select>
      </label>
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
      {loans.length > 0 && (
        <label htmlFor={`${ids}-loan`}>
          <Trans>Loan (optional)</Trans>
          <select id={`${ids}-loan`} value={loanNumber} onChange={(event) => setLoanNumber(event.target.value)}>
            <option value="">{t`Not about one loan`}</option>
            {loans.map((loan) => (
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
