import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { GstinCheck } from "../api/check-gstin";
import type { BusinessDetails } from "../api/quote-order";
import { gstinWords } from "./checkoutWords";
import styles from "./checkout.module.css";


export interface BusinessDraft {
  wanted: boolean;
  gstin: string;
  legalName: string;
}

/**
 * The business details to send: null without a GSTIN, undefined until the gateway's rule has
 * passed what is typed (`check`, the answer for exactly that) and a legal name is there. The
 * GSTIN goes in its canonical form, as the gateway answered it.
 */
export function businessOf(draft: BusinessDraft, check: GstinCheck | null): BusinessDetails | null | undefined {
  if (!draft.wanted) return null;
  if (!check?.valid || !draft.legalName.trim()) return undefined;
  return { gstin: check.gstin, legalName: draft.legalName.trim() };
}

/** Whether a check's complaint should show yet: once the field is left, or a whole GSTIN is typed. */
function complaint(check: GstinCheck | undefined, touched: boolean): string | null {
  if (!check || check.valid) return null;
  return touched || check.gstin.length >= 15 ? gstinWords(check) : null;
}

/**
 * Step 2 (optional): a GSTIN, held to the gateway's rule as it is typed (format, check digit,
 * and the state of the delivery pin code), and the legal name for the invoice.
 */
export function BusinessStep({
  value,
  check,
  onChange,
}: {
  value: BusinessDraft;
  check: GstinCheck | undefined;
  onChange: (next: BusinessDraft) => void;
}) {
  const id = useId();
  const { t } = useLingui();
  const [touched, setTouched] = useState({ gstin: false, legalName: false });
  const gstinError = value.gstin.trim() ? complaint(check, touched.gstin) : touched.gstin ? t`Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV.` : null;
  const nameError = touched.legalName && !value.legalName.trim() ? t`Please enter the legal name of the business.` : null;

  return (
    <section className={`card ${styles.step}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <Trans>2. Business details (optional)</Trans>
      </h2>
      <label className={styles.choice}>
        <input type="checkbox" checked={value.wanted} onChange={(e) => onChange({ ...value, wanted: e.target.checked })} />
        <span>
          <Trans>Use a GSTIN for a business invoice</Trans>
        </span>
      </label>
      {value.wanted && (
        <div className={styles.form}>
          <div>
            <label htmlFor={`${id}-gstin`}>
              <Trans>GSTIN</Trans>
            </label>
            <input
              id={`${id}-gstin`}
              value={value.gstin}
              maxLength={30}
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
            <label htmlFor={`${id}-legal`}>
              <Trans>Legal name of the business</Trans>
            </label>
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
