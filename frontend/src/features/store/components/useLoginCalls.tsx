import { Trans, useLingui } from "@lingui/react/macro";
import { showToast } from "../../../lib/toast";
import { Dialog } from "../../../components/Dialog";
import { VERIFIED, useOtpLogin } from "../../../components/otp/useOtpLogin";
import { sendCode } from "../api/send-code";
import { verifyCode } from "../api/verify-code";

export const MOBILE_KEY = "quickCommerceMobile";

const remember = (mobileNumber: string) => window.localStorage.setItem(MOBILE_KEY, mobileNumber);

/** The shared OTP login with the store's touches: the number remembered, its error popup, a toast on verify. */
export function useLoginCalls() {
  const { t } = useLingui();
  const login = useOtpLogin({ send: sendCode, verify: verifyCode, onSent: remember });

  const verify = async (mobileNumber: string, otp: string) => {
    const answer = await login.verify(mobileNumber, otp);
    if (answer) showToast("success", VERIFIED);
    return answer;
  };

  const errorPopup = (
    <Dialog open={login.sendError !== null} title={t`Error`} role="alertdialog" onClose={login.clearSendError}>
      <p className="alert alert-danger">{login.sendError}</p>
      <button type="button" className="btn btn-primary" onClick={login.clearSendError}>
        <Trans>OK</Trans>
      </button>
    </Dialog>
  );

  return { ...login, verify, errorPopup };
}
