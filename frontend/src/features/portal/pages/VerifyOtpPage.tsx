import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { errorMessage } from "../../../api/client";
import { useSession } from "../../../app/session";
import { CodeForm } from "../../../components/otp/CodeForm";
import { clearCountdown } from "../../../components/otp/useCountdown";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { sendCode, verifyCode } from "../api";
import { ErrorDialog } from "../components/ErrorDialog";
import styles from "../portal.module.css";
import { CODE_SENT, UNEXPECTED } from "./PayNowPage";

export const VERIFIED = "OTP verified successfully!";
export const VERIFY_FAILED = "Error verifying OTP.";

/** /verify-otp: the code sent to the number in the navigation state. */
export default function VerifyOtpPage() {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const mobileNumber = (useLocation().state as { mobileNumber?: string } | null)?.mobileNumber;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (!mobileNumber) return <Navigate to="/paynow" replace />;

  const verify = async (otp: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await verifyCode(mobileNumber, otp);
      clearCountdown();
      if (answer.outcome === "nopayment") {
        navigate("/nopayment", { replace: true });
        return;
      }
      await refresh();
      toast.success(VERIFIED);
      navigate("/payment", { replace: true });
    } catch (err) {
      setError(errorMessage(err, VERIFY_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      await sendCode(mobileNumber);
      toast.success(CODE_SENT);
      return true;
    } catch (err) {
      setFailure(errorMessage(err, UNEXPECTED));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel}`} aria-label="Verify OTP">
        <CodeForm
          idPrefix="portal"
          mobileNumber={mobileNumber}
          busy={busy}
          error={error}
          onClearError={() => setError(null)}
          onVerify={verify}
          onResend={resend}
          onEdit={() => navigate("/paynow", { state: { mobileNumber } })}
        />
      </section>
      <LoadingOverlay show={busy} />
      <ErrorDialog message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}
