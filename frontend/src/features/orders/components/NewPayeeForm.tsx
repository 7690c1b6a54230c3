import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../../api/client";
import { useAttemptKey } from "../../../lib/idempotency-key";
import { useGiveReturnPayee } from "../api/give-payee";
import { EMPTY_PAYEE, PayeeFields, refundAccountOf } from "./PayeeFields";
import type { ReturnView } from "./returnWords";
import styles from "./ReturnForm.module.css";

/**
 * Another UPI ID or bank account for a return whose payout failed because the account does not
 * exist or the bank sent the money back (the gateway says so: `payout.anotherAccount`). The
 * provider checks it first; one Idempotency-Key per attempt, so a retry pays once.
 */
export function NewPayeeForm({ orderNumber, ret }: { orderNumber: string; ret: ReturnView }) {
  const { t } = useLingui();
  const id = useId();
  const give = useGiveReturnPayee();
  const key = useAttemptKey();
  const [payee, setPayee] = useState(EMPTY_PAYEE);
  const error = give.isError ? errorMessage(give.error, t`The account could not be changed. Please try again.`) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refundTo = refundAccountOf(payee);
    try {
      await give.mutateAsync({ orderNumber, returnNumber: ret.number, refundTo, key: key.current() });
      key.settle();
    } catch (failure) {
      key.settle(failure);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`} data-testid="new-payee-form">
      <h4 id={`${id}-heading`}>
        <Trans>Send the refund to another account</Trans>
      </h4>
      <fieldset className={styles.group}>
        <legend>
          <Trans>Where should we send the refund?</Trans>
        </legend>
        <PayeeFields name={`${id}-payto`} value={payee} onChange={setPayee} required />
      </fieldset>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={give.isPending}>
        <Trans>Send the refund here</Trans>
      </button>
    </form>
  );
}
