import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { enableWhenHydrated } from "../../lib/until-hydrated";
import { SendWaitNotice } from "./SendWaitNotice";

export const MOBILE_MESSAGE = msg`Please enter a valid 10-digit mobile number.`;
// An Indian mobile, as the gateway holds it (gateway/validation.py): 10 digits, the first 6 to 9.
const MOBILE = /^[6-9][0-9]{9}$/;

interface MobileFormProps {
  title: string;
  initialMobile?: string;
  busy?: boolean;
  /** Called with a valid number only; no call is made for an invalid one. */
  onSubmit: (mobileNumber: string) => void | Promise<void>;
  /** A server error to show under the field (cleared when the user types). */
  error?: string | null;
  onClearError?: () => void;
  idPrefix?: string;
}

export function MobileForm({ title, initialMobile = "", busy, onSubmit, error, onClearError, idPrefix = "otp" }: MobileFormProps) {
  const { t } = useLingui();
  const [mobile, setMobile] = useState(initialMobile);
  const [invalid, setInvalid] = useState(false);
  /* eslint-disable lingui/no-unlocalized-strings -- element ids */
  const inputId = `${idPrefix}-mobile`;
  const errorId = `${idPrefix}-mobile-error`;
  /* eslint-enable lingui/no-unlocalized-strings */
  const shown = invalid ? t(MOBILE_MESSAGE) : error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!MOBILE.test(mobile)) {
      setInvalid(true);
      return;
    }
    void onSubmit(mobile);
  };

  return (
    <form className="otp-form" onSubmit={submit} noValidate ref={enableWhenHydrated}>
      <h1 className="otp-title">{title}</h1>
      <label htmlFor={inputId}>
        <Trans>Mobile number</Trans>
      </label>
      <div className="input-prefix">
        <span aria-hidden="true">+91</span>
        <input
          id={inputId}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          placeholder={t`10-digit mobile number`}
          value={mobile}
          aria-invalid={Boolean(shown)}
          aria-describedby={shown ? errorId : undefined}
          onChange={(event) => {
            setMobile(event.target.value.replace(/\D/g, "").slice(0, 10));
            setInvalid(false);
            onClearError?.();
          }}
        />
      </div>
      {shown && (
        <p id={errorId} className="form-error" role="alert">
          {shown}
        </p>
      )}
      <SendWaitNotice mobileNumber={mobile} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        <Trans>Submit</Trans>
      </button>
    </form>
  );
}
