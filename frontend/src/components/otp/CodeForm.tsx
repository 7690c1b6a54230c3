import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { useSendWait } from "./sendWait";
import { SendWaitNotice } from "./SendWaitNotice";
import { useCountdown } from "./useCountdown";

export const OTP_MESSAGE = msg`Please enter a valid 6-digit OTP.`;
const CODE = /^[0-9]{6}$/;

interface CodeFormProps {
  mobileNumber: string;
  busy?: boolean;
  onVerify: (otp: string) => void | Promise<void>;
  /** Ask for a new code; resolves to the gateway's seconds until the next resend, or null when not sent. */
  onResend: () => Promise<number | null>;
  onEdit: () => void;
  error?: string | null;
  onClearError?: () => void;
  idPrefix?: string;
  title?: string;
}

export function CodeForm({
  mobileNumber,
  busy,
  onVerify,
  onResend,
  onEdit,
  error,
  onClearError,
  idPrefix = "otp",
  title,
}: CodeFormProps) {
  const { t } = useLingui();
  const [otp, setOtp] = useState("");
  const [invalid, setInvalid] = useState(false);
  const { secondsLeft, restart, clear } = useCountdown();
  // A resend the gateway refused (its interval, or an hourly cap): Resend waits for that instead.
  const refused = useSendWait(mobileNumber);
  /* eslint-disable lingui/no-unlocalized-strings -- element ids */
  const inputId = `${idPrefix}-code`;
  const errorId = `${idPrefix}-code-error`;
  /* eslint-enable lingui/no-unlocalized-strings */
  const shown = invalid ? t(OTP_MESSAGE) : error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CODE.test(otp)) {
      setInvalid(true);
      return;
    }
    void onVerify(otp);
  };

  const resend = async () => {
    const seconds = await onResend();
    if (seconds !== null) {
      setOtp("");
      restart(seconds);
    }
  };

  return (
    <form className="otp-form" onSubmit={submit} noValidate>
      <h1 className="otp-title">{title ?? t`Verify OTP`}</h1>
      <p className="otp-sent-to">
        <Trans>
          Enter the code sent to <strong>+91 {mobileNumber}</strong>
        </Trans>{" "}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            clear();
            onEdit();
          }}
        >
          <Trans>Edit</Trans>
        </button>
      </p>
      <label htmlFor={inputId}>
        <Trans>One-time code</Trans>
      </label>
      <input
        id={inputId}
        className="otp-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t`6-digit code`}
        value={otp}
        aria-invalid={Boolean(shown)}
        aria-describedby={shown ? errorId : undefined}
        onChange={(event) => {
          setOtp(event.target.value.replace(/\D/g, "").slice(0, 6));
          setInvalid(false);
          onClearError?.();
        }}
      />
      {shown && (
        <p id={errorId} className="form-error" role="alert">
          {shown}
        </p>
      )}
      <SendWaitNotice mobileNumber={mobileNumber} />
      <p className="otp-resend" aria-live="polite">
        {refused ? null : secondsLeft > 0 ? (
          <span>
            <Trans>Resend OTP in {secondsLeft}s</Trans>
          </span>
        ) : (
          <button type="button" className="link-button" onClick={resend} disabled={busy}>
            <Trans>Resend</Trans>
          </button>
        )}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        <Trans>Verify</Trans>
      </button>
    </form>
  );
}
