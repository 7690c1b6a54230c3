import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, type InputHTMLAttributes, type ReactNode } from "react";
import type { components } from "../../api/schema";
import type { AutoPayAccount } from "./api/account";
import { useEnachBanks, type EnachBankOption } from "./api/enach-banks";

export type EnachBank = components["schemas"]["EnachBank"];

export const EMPTY_BANK: EnachBank = {
  accountHolderName: "",
  accountNumber: "",
  ifsc: "",
  accountType: "savings",
  authMode: "netBanking",
};

type AuthModeValue = EnachBank["authMode"];
// Every way, while the bank is not known yet (fewer than four letters typed, or no list to ask).
const EVERY_MODE: AuthModeValue[] = ["netBanking", "debitCard", "aadhaar"];

/** The bank an IFSC names (its first four letters): undefined while it cannot be told, null when the list lacks it. */
function bankOf(ifsc: string, banks: EnachBankOption[] | null): EnachBankOption | null | undefined {
  const code = ifsc.replace(/\s+/g, "").toUpperCase().slice(0, 4);
  if (banks === null || !/^[A-Z]{4}$/.test(code)) return undefined;
  return banks.find((bank) => bank.code === code) ?? null;
}

interface EnachFieldsProps {
  account: AutoPayAccount;
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
  idPrefix,
  field,
  value,
  set,
  invalid,
  children,
  ...input
}: PartProps & Pick<InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "inputMode" | "autoCapitalize"> & {
  /** The form's own prefix for its ids: unique with several forms on a page (one per credit line). */
  idPrefix: string;
  field: TextKey;
  invalid: (field: string) => true | undefined;
}) {
  const id = `${idPrefix}-${field}`;
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
      {/* A radio group is its form's own, so one name serves every form on the page. */}
      <input type="radio" name="enach-auth" checked={value.authMode === mode} onChange={() => set({ authMode: mode })} />{" "}
      {children}
    </label>
  );
}

function ModeName({ mode }: { mode: AuthModeValue }) {
  if (mode === "netBanking") return <Trans>Net banking</Trans>;
  if (mode === "debitCard") return <Trans>Debit card</Trans>;
  return <Trans>Aadhaar (e-sign with an OTP)</Trans>;
}

/**
 * The bank account an eNACH mandate debits (its holder, number, IFSC and type) and how its holder
 * approves the mandate at the bank. Once the IFSC names a bank, it says whether that bank takes
 * eNACH (the lender's list at the provider) and offers only its ways: net banking, debit card,
 * Aadhaar. The gateway checks them again; the browser only asks for each.
 */
export function EnachFields({ account, value, onChange, invalid }: EnachFieldsProps) {
  const { t } = useLingui();
  const idPrefix = `enach${useId()}`;
  const listed = useEnachBanks(account).data;
  const bank = bankOf(value.ifsc, listed?.known ? listed.banks : null);
  const modes = bank ? bank.authModes : bank === null ? [] : EVERY_MODE;
  const set = (change: Partial<EnachBank>) => onChange({ ...value, ...change });
  // A way the named bank lacks is never left chosen: its first way instead.
  const first = modes[0];
  const lacking = first !== undefined && !modes.includes(value.authMode);
  useEffect(() => {
    if (lacking) onChange({ ...value, authMode: first });
  }, [lacking, first, value, onChange]);
  return (
    <fieldset>
      <legend>
        <Trans>Your bank account for eNACH</Trans>
      </legend>
      <TextField idPrefix={idPrefix} field="accountHolderName" value={value} set={set} invalid={invalid} autoComplete="name">
        <Trans>Account holder's name</Trans>
      </TextField>
      <TextField idPrefix={idPrefix} field="accountNumber" value={value} set={set} invalid={invalid} inputMode="numeric">
        <Trans>Account number</Trans>
      </TextField>
      <TextField idPrefix={idPrefix} field="ifsc" value={value} set={set} invalid={invalid} autoCapitalize="characters">
        <Trans>IFSC</Trans>
      </TextField>
      {bank && (
        <p role="status">
          <Trans>{bank.name} takes eNACH mandates.</Trans>
        </p>
      )}
      {bank === null && (
        <p className="alert alert-warning" role="alert">
          <Trans>This bank does not offer eNACH mandates. Please choose UPI AutoPay, or an account at another bank.</Trans>
        </p>
      )}
      <label htmlFor={`${idPrefix}-type`}>
        <Trans>Account type</Trans>
      </label>
      <select
        id={`${idPrefix}-type`}
        className="form-control"
        value={value.accountType}
        onChange={(event) => set({ accountType: event.target.value as EnachBank["accountType"] })}
      >
        <option value="savings">{t`Savings`}</option>
        <option value="current">{t`Current`}</option>
      </select>
      {modes.length > 0 && (
        <>
          <p>
            <Trans>Approve it at your bank by</Trans>
          </p>
          {modes.map((mode) => (
            <span key={mode}>
              <AuthMode mode={mode} value={value} set={set}>
                <ModeName mode={mode} />
              </AuthMode>{" "}
            </span>
          ))}
        </>
      )}
    </fieldset>
  );
}
