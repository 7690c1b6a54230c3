import { useId, useState } from "react";
import type { BusinessDetails } from "../api/quote-order";
import { gstinProblem } from "./gstin";
import styles from "./checkout.module.css";

export interface BusinessDraft {
  wanted: boolean;
  gstin: string;
  legalName: string;
}

/** The business details to send: null without a GSTIN, undefined while what is typed is not valid. */
export function businessOf(draft: BusinessDraft): BusinessDetails | null | undefined {
  if (!draft.wanted) return null;
  if (gstinProblem(draft.gstin) || !draft.legalName.trim()) return undefined;
  return { gstin: draft.gstin.trim().toUpperCase(), legalName: draft.legalName.trim() };
}

/** Step 2 (optional): a GSTIN, checked for its format and check digit, and the legal name for the invoice. */
export function BusinessStep({ value, onChange }: { value: BusinessDraft; onChange: (next: BusinessDraft) => void }) {
  const id = useId();
  const [touched, setTouched] = useState({ gstin: false, legalName: false });
  const gstinError = touched.gstin ? gstinProblem(value.gstin) : null;
  const nameError = touched.legalName && !value.legalName.trim() ? "Please enter the legal name of the business." : null;

  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>2. Business details (optional)</h2>
      <label className={styles.choice}>
        <input type="checkbox" checked={value.wanted} onChange={(e) => onChange({ ...value, wanted: e.target.checked })} />
        <span>Use a GSTIN for a business invoice</span>
      </label>
      {value.wanted && (
        <div className={styles.form}>
          <div>
            <label htmlFor={`${id}-gstin`}>GSTIN</label>
            <input
              id={`${id}-gstin`}
              value={value.gstin}
              maxLength={15}
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={gstinError ? true : undefined}
              aria-describedby={gstinError ? `${id}-gstin-error` : undefined}
              onChange={(e) => onChange({ ...value, gstin: e.target.value.toUpperCase() })}
              onBlur={() => setTouched((t) => ({ ...t, gstin: true }))}
            />
            {gstinError && (
              <p id={`${id}-gstin-error`} className="form-error" role="alert">
                {gstinError}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-legal`}>Legal name of the business</label>
            <input
              id={`${id}-legal`}
              value={value.legalName}
              maxLength={120}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-legal-error` : undefined}
              onChange={(e) => onChange({ ...value, legalName: e.target.value })}
              onBlur={() => setTouched((t) => ({ ...t, legalName: true }))}
            />
            {nameError && (
              <p id={`${id}-legal-error`} className="form-error" role="alert">
                {nameError}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
