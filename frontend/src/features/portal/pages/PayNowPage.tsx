import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { MobileForm } from "../../../components/otp/MobileForm";
import { useOtpLogin } from "../../../components/otp/useOtpLogin";
import { useAfterLogin, useSession } from "../../../lib/session";
import { errorMessage } from "../../../api/client";
import { useReopenLogin } from "../api/reopen-login";
import { sendCode } from "../api/send-code";
import { verifyCode } from "../api/verify-code";
import { ErrorDialog } from "../components/ErrorDialog";
import styles from "../portal.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /paynow: the borrower's mobile number; a code is sent and the borrower goes to /verify-otp. */
export default function PayNowPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Pay Now`, description: t`Repay your loan online: enter your mobile number, verify the code and pay.` });
  const { session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const initialMobile = (location.state as { mobileNumber?: string } | null)?.mobileNumber ?? "";
  const login = useOtpLogin({ send: sendCode, verify: verifyCode });
  const reopen = useReopenLogin();
  const afterLogin = useAfterLogin();

  // One login (docs/decisions/one-login.md): a session that verified a code, here or in the
  // store, skips it. Without a portal login, or with one that owed nothing then, the lender is
  // asked again, as a credit purchase since may be owed now.
  const verifiedAtStore = session?.portal?.owing !== true && session?.store?.via === "otp";
  const { status, mutate } = reopen;
  useEffect(() => {
    if (!verifiedAtStore || status !== "idle") return;
    mutate(undefined, {
      onSuccess: async (answer) => {
        if (answer.outcome !== "payment") return navigate("/nopayment", { replace: true });
        // /payment once this page reads the login, or /payment would find none and turn back.
        await afterLogin((view) => Boolean(view.portal?.verified), () => navigate("/payment", { replace: true }));
      },
    });
  }, [verifiedAtStore, status, mutate, navigate, afterLogin]);

  if (session?.portal?.verified && session.portal.owing) return <Navigate to="/payment" replace />;
  if (verifiedAtStore) {
    return (
      <div className={`container ${styles.page}`}>
        <LoadingOverlay show={!reopen.isError} />
        {/* Closing the message asks again. */}
        <ErrorDialog
          message={reopen.isError ? errorMessage(reopen.error, t`Your loan account could not be checked. Please try again.`) : null}
          onClose={reopen.reset}
        />
      </div>
    );
  }

  const submit = async (mobileNumber: string) => {
    if ((await login.send(mobileNumber)) !== null) navigate("/verify-otp", { state: { mobileNumber } });
  };

  return (
    <div className={`container ${styles.page}`}>
      <section className={`card ${styles.panel}`}>
        <p className={styles.lead}>
          <Trans>Repay your loan online</Trans>
        </p>
        <MobileForm title={t`Pay Now`} idPrefix="paynow" initialMobile={initialMobile} busy={login.busy} onSubmit={submit} />
        <p className={styles.hint}>
          <Trans>We will send a one-time code to this number.</Trans>
        </p>
      </section>
      <LoadingOverlay show={login.busy} />
      <ErrorDialog message={login.sendError} onClose={login.clearSendError} />
    </div>
  );
}
