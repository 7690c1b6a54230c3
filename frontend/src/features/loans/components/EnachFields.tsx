import { Trans, useLingui } from "@lingui/react/macro";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { components } from "../../../api/schema";

export type EnachBank = components["schemas"]["EnachBank"];

export const EMPTY_BANK: EnachBank = {
  accountHolderName: "",
  accountNumber: "",
  ifsc: "",
  accountType: "savings",
  authMode: "netBanking",
};

interface EnachFieldsProps {
  value: EnachBank;
  onChange: (next: EnachBank) => void;
  /** The gateway refused this field (its path, e.g. `bank.ifsc`). */
  invalid: (field: string) => true | undefined;
}

type TextKey = "accountHolderName" | "accountNumber" | "ifsc";

interface PartProps {
  value: EnachBank;
  set: (change: Partial<EnachBank>) => void;
  children: ReactNode;
}

/** One of the account's typed fields, required, marked when the gateway refused it (`bank.<field>`). */
function TextField({
  field,
  value,
  set,
  invalid,
  children,
  ...input
}: PartProps & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "inputMode" | "autoCapitalize"> & {
  field: TextKey;
  invalid: (field: string) => true | undefined;
}) {
  const id = `enach-${field}`;
  return (
    <>
      <label htmlFor={id}>{children}</label>
      <input
        id={id}
        className="form-control"
        required
        autoComplete="off"
        {...input}
        value={value[field]}
        onChange={(event) => set({ [field]: event.target.value })}
        aria-invalid={invalid(`bank.${field}`)}
      />
    </>
  );
}

function AuthMode({ mode, value, set, children }: PartProps & { mode: EnachBank["authMode"] }) {
  return (
    <label>
      <input type="radio" name="enach-auth" checked={value.authMode === mode} onChange={() => set({ authMode: mode })} />{" "}
      {children}
    </label>
  );
}

/**
 * The bank account an eNACH mandate debits (its holder, number, IFSC and type) and how its holder
 * approves the mandate at the bank: by net banking or by debit card. The gateway checks them; the
 * browser only asks for each.
 */
export function EnachFields({ value, onChange, invalid }: EnachFieldsProps) {
  const { t } = useLingui();
  const set = (change: Partial<EnachBank>) => onChange({ ...value, ...change });
  return (
    <fieldset>
      <legend>
        <Trans>Your bank account for eNACH</Trans>
      </legend>
      <TextField field="accountHolderName" value={value} set={set} invalid={invalid} autoComplete="name">
        <Trans>Account holder's name</Trans>
      </TextField>
      <TextField field="accountNumber" value={value} set={set} invalid={invalid} inputMode="numeric">
        <Trans>Account number</Trans>
      </TextField>
      <TextField field="ifsc" value={value} set={set} invalid={invalid} autoCapitalize="characters">
        <Trans>IFSC</Trans>
      </TextField>
      <label htmlFor="enach-type">
        <Trans>Account type</Trans>
      </label>
      <select
        id="enach-type"
        className="form-control"
        value={value.accountType}
        onChange={(event) => set({ accountType: event.target.value as EnachBank["accountType"] })}
      >
        <option value="savings">{t`Savings`}</option>
        <option value="current">{t`Current`}</option>
      </select>
      <p>
        <Trans>Approve it at your bank by</Trans>
      </p>
      <AuthMode mode="netBanking" value={value} set={set}>
        <Trans>Net banking</Trans>
      </AuthMode>{" "}
      <AuthMode mode="debitCard" value={value} set={set}>
        <Trans>Debit card</Trans>
      </AuthMode>
    </fieldset>
  );
}
