import { Trans } from "@lingui/react/macro";
import type { RefundAccount } from "../api/give-payee";
import styles from "./ReturnForm.module.css";

// eslint-disable-next-line lingui/no-unlocalized-strings -- a UPI ID's shape, written so in every language
const UPI_SHAPE = "name@bank";

/** Where a refund is paid, as typed so far: a UPI ID or a bank account. */
export interface PayeeDraft {
  payTo: "upi" | "bank";
  upiId: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
}

export const EMPTY_PAYEE: PayeeDraft = { payTo: "upi", upiId: "", accountName: "", accountNumber: "", ifsc: "" };

/** The account the gateway is sent: the UPI ID, or the bank account's three fields. */
export function refundAccountOf(draft: PayeeDraft): RefundAccount {
  if (draft.payTo === "upi") return { upiId: draft.upiId.trim() };
  return { accountNumber: draft.accountNumber, ifsc: draft.ifsc, accountName: draft.accountName };
}

interface PayeeFieldsProps {
  /** The radio group's name (one per form). */
  name: string;
  value: PayeeDraft;
  onChange: (next: PayeeDraft) => void;
  /** The browser asks for every shown field before sending. */
  required?: boolean;
  /** The gateway refused this field (a path under `refundTo`). */
  invalid?: (field: string) => true | undefined;
}

/**
 * The choice between a UPI ID and a bank account, and that one's fields: asking for a return of
 * an order paid in cash (ReturnForm) and giving another account after a failed payout
 * (NewPayeeForm). The caller holds the fieldset and its legend.
 */
export function PayeeFields({ name, value, onChange, required = false, invalid = () => undefined }: PayeeFieldsProps) {
  const set = (change: Partial<PayeeDraft>) => onChange({ ...value, ...change });
  return (
    <>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={value.payTo === "upi"} onChange={() => set({ payTo: "upi" })} />
        <Trans>UPI ID</Trans>
      </label>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={value.payTo === "bank"} onChange={() => set({ payTo: "bank" })} />
        <Trans>Bank account</Trans>
      </label>
      {value.payTo === "upi" ? (
        <label className={styles.field}>
          <Trans>Your UPI ID</Trans>
          <input
            value={value.upiId}
            onChange={(event) => set({ upiId: event.target.value })}
            placeholder={UPI_SHAPE}
            autoComplete="off"
            required={required}
            aria-invalid={invalid("refundTo")}
          />
        </label>
      ) : (
        <>
          <label className={styles.field}>
            <Trans>Account holder's name</Trans>
            <input
              value={value.accountName}
              onChange={(event) => set({ accountName: event.target.value })}
              required={required}
              aria-invalid={invalid("refundTo.accountName")}
            />
          </label>
          <label className={styles.field}>
            <Trans>Account number</Trans>
            <input
              value={value.accountNumber}
              inputMode="numeric"
              onChange={(event) => set({ accountNumber: event.target.value })}
              required={required}
              aria-invalid={invalid("refundTo.accountNumber")}
            />
          </label>
          <label className={styles.field}>
            <Trans>IFSC</Trans>
            <input
              value={value.ifsc}
              onChange={(event) => set({ ifsc: event.target.value.toUpperCase() })}
              required={required}
              aria-invalid={invalid("refundTo.ifsc")}
            />
          </label>
        </>
      )}
    </>
  );
}
