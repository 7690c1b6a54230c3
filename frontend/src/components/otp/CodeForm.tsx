import { useState, type FormEvent } from "react";
import { useSendWait } from "./sendWait";
import { SendWaitNotice } from "./SendWaitNotice";
import { useCountdown } from "./useCountdown";

export const OTP_MESSAGE = "Please enter a valid 6-digit OTP.";
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
  title = "Verify OTP",
}: CodeFormProps) {
  const [otp, setOtp] = useState("");
  const [invalid, setInvalid] = useState(false);
  const { secondsLeft, restart, clear } = useCountdown();
  // A resend the gateway refused (its interval, or an hourly cap): Resend waits for that instead.
  const refused = useSendWait(mobileNumber);
  const inputId = `${idPrefix}-code`;
  const errorId = `${idPrefix}-code-error`;
  const shown = invalid ? OTP_MESSAGE : error;

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
      <h1 className="otp-title">{title}</h1>
      <p className="otp-sent-to">
        Enter the code sent to <strong>+91 {mobileNumber}</strong>{" "}
        <button
          type="button"
          className="link-button"
          onClick={() => {
            clear();
            onEdit();
          }}
        >
          Edit
        </button>
      </p>
      <label htmlFor={inputId}>One-time code</label>
      <input
        id={inputId}
        className="otp-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="6-digit code"
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
          <span>Resend OTP in {secondsLeft}s</span>
        ) : (
          <button type="button" className="link-button" onClick={resend} disabled={busy}>
            Resend
          </button>
        )}
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        Verify
      </button>
    </form>
  );
}
