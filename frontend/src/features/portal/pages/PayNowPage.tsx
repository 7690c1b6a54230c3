import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { toast } from "react-toastify";
import { errorMessage } from "../../../api/client";
import { useSession } from "../../../app/session";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { MobileForm } from "../../../components/otp/MobileForm";
import { clearCountdown } from "../../../components/otp/useCountdown";
import { sendCode } from "../api";
import { ErrorDialog } from "../components/ErrorDialog";
import styles from "../portal.module.css";

export const CODE_SENT = "OTP sent successfully!";
export const UNEXPECTED = "An unexpected error occurred.";

/** /paynow: the borrower's mobile number; a code is sent and the borrower goes to /verify-otp. */
export default function PayNowPage() {
  const { session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const initialMobile = (location.state as { mobileNumber?: string } | null)?.mobileNumber ?? "";
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (session?.portal?.verified) return <Navigate to="/payment" replace />;

  const submit = async (mobileNumber: string) => {
    setBusy(true);
    try {
      await sendCode(mobileNumber);
      clearCountdown(); // a new code: the verify screen's countdown starts again at 60 s
      toast.success(CODE_SENT);
      navigate("/verify-otp", { state: { mobileNumber } });
    } catch (error) {
      setFailure(errorMessage(error, UNEXPECTED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel}`}>
        <p className={styles.lead}>Repay your loan online</p>
        <MobileForm title="Pay Now" idPrefix="paynow" initialMobile={initialMobile} busy={busy} onSubmit={submit} />
        <p className={styles.hint}>We will send a one-time code to this number.</p>
      </section>
      <LoadingOverlay show={busy} />
      <ErrorDialog message={failure} onClose={() => setFailure(null)} />
    </div>
  );
}
