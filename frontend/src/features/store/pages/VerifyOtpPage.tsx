import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useAfterLogin } from "../../../lib/session";
import { CodeForm } from "../../../components/otp/CodeForm";
import { clearCountdown } from "../../../components/otp/useCountdown";
import { usePageMeta } from "../../../lib/page-meta";
import { StoreHeader } from "../components/StoreHeader";
import { returnPath, type LoginState } from "../../../components/storefront/return-to";
import { MOBILE_KEY, useLoginCalls } from "../components/useLoginCalls";
import { useStore } from "../../../components/storefront/store-state";
import shared from "../../../components/storefront/storefront.module.css";

/**
 * /verifyotp: the code step; after verification the shopper returns to the store page they
 * left for the login (cart, product, the list with its filters), else to /products as the
 * specification says, with the gateway's answer as navigation state either way.
 */
export default function VerifyOtpPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Verify OTP` });
  const { verified } = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const calls = useLoginCalls();
  const afterLogin = useAfterLogin();
  // Set once this page verified the code, so the 'already verified' redirect does not win.
  const done = useRef(false);
  const mobile = (location.state as LoginState | null)?.mobileNumber ?? window.localStorage.getItem(MOBILE_KEY);
  const from = returnPath(location.state);

  if (verified === true && !done.current) return <Navigate to="/product-home" replace />;
  if (!mobile) return <Navigate to="/login" replace />;

  return (
    <div className={shared.page}>
      <StoreHeader cartLink={false} />
      <div className={`card ${shared.auth}`}>
        <CodeForm
          idPrefix="store"
          title={t`Verify OTP`}
          mobileNumber={mobile}
          busy={calls.busy}
          error={calls.verifyError}
          onClearError={calls.clearVerifyError}
          onEdit={() => {
            clearCountdown();
            navigate("/login", { state: { mobileNumber: mobile, from: from ?? undefined } satisfies LoginState });
          }}
          onResend={() => calls.send(mobile)}
          onVerify={async (otp) => {
            const answer = await calls.verify(mobile, otp);
            if (!answer) return;
            done.current = true;
            const go = () => navigate(from ?? "/products", { state: answer });
            // Go once this page reads the new login, so a page that needs it (the cart) does not
            // send the shopper back to the login.
            await afterLogin((view) => Boolean(view.store?.verified), go);
          }}
        />
      </div>
      {calls.errorPopup}
    </div>
  );
}
