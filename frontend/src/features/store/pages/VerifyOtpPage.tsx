import { useRef } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useSession } from "../../../lib/session";
import { CodeForm } from "../../../components/otp/CodeForm";
import { clearCountdown } from "../../../components/otp/useCountdown";
import { StoreHeader } from "../components/StoreHeader";
import { MOBILE_KEY, useLoginCalls } from "../components/useLoginCalls";
import { useStore } from "../StoreContext";
import shared from "../store.module.css";

/** /verifyotp: the code step; after verification the shopper goes to /products. */
export default function VerifyOtpPage() {
  const { verified } = useStore();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const calls = useLoginCalls();
  // Set once this page verified the code, so the 'already verified' redirect does not win.
  const done = useRef(false);
  const mobile =
    (location.state as { mobileNumber?: string } | null)?.mobileNumber ?? window.localStorage.getItem(MOBILE_KEY);

  if (verified === true && !done.current) return <Navigate to="/product-home" replace />;
  if (!mobile) return <Navigate to="/login" replace />;

  return (
    <div className={shared.page}>
      <StoreHeader cartLink={false} />
      <div className={`card ${shared.auth}`}>
        <CodeForm
          idPrefix="store"
          title="Verify OTP"
          mobileNumber={mobile}
          busy={calls.busy}
          error={calls.verifyError}
          onClearError={calls.clearVerifyError}
          onEdit={() => {
            clearCountdown();
            navigate("/login", { state: { mobileNumber: mobile } });
          }}
          onResend={() => calls.send(mobile)}
          onVerify={async (otp) => {
            const answer = await calls.verify(mobile, otp);
            if (!answer) return;
            done.current = true;
            navigate("/products", { state: answer });
            await refresh();
          }}
        />
      </div>
      {calls.errorPopup}
    </div>
  );
}
