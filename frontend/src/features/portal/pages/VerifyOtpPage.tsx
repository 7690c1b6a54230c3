import { useLingui } from "@lingui/react/macro";
import { Navigate, useLocation, useNavigate } from "react-router";
import { dismissToasts, showToast } from "../../../lib/toast";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { CodeForm } from "../../../components/otp/CodeForm";
import { VERIFIED, useOtpLogin } from "../../../components/otp/useOtpLogin";
import { useAfterLogin, useSession } from "../../../lib/session";
import { sendCode } from "../api/send-code";
import { verifyCode } from "../api/verify-code";
import { ErrorDialog } from "../components/ErrorDialog";
import styles from "../portal.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /verify-otp: the code sent to the number in the navigation state. */
export default function VerifyOtpPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Verify OTP` });
  const navigate = useNavigate();
  const { session, refresh } = useSession();
  const mobileNumber = (useLocation().state as { mobileNumber?: string } | null)?.mobileNumber;
  const login = useOtpLogin({ send: sendCode, verify: verifyCode });
  const afterLogin = useAfterLogin();

  // Already verified (here or at the store's login): no second code.
  if (session?.portal?.verified) return <Navigate to={session.portal.owing === false ? "/nopayment" : "/payment"} replace />;
  if (!mobileNumber) return <Navigate to="/paynow" replace />;

  const verify = async (otp: string) => {
    const answer = await login.verify(mobileNumber, otp);
    if (!answer) return;
    if (answer.outcome === "nopayment") {
      await refresh(); // logged in to the store all the same
      navigate("/nopayment", { replace: true });
      return;
    }
    // /payment once this page reads the login, or /payment would find none and turn back.
    await afterLogin(
      (view) => Boolean(view.portal?.verified),
      () => {
        dismissToasts(); // "OTP sent successfully!" stays behind on this page
        showToast("success", VERIFIED);
        navigate("/payment", { replace: true });
      },
    );
  };

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel}`} aria-label={t`Verify OTP`}>
        <CodeForm
          idPrefix="portal"
          mobileNumber={mobileNumber}
          busy={login.busy}
          error={login.verifyError}
          onClearError={login.clearVerifyError}
          onVerify={verify}
          onResend={() => login.send(mobileNumber)}
          onEdit={() => navigate("/paynow", { state: { mobileNumber } })}
        />
      </section>
      <LoadingOverlay show={login.busy} />
      <ErrorDialog message={login.sendError} onClose={login.clearSendError} />
    </div>
  );
}
