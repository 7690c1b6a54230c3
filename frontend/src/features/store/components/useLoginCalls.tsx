import { useState } from "react";
import { toast } from "react-toastify";
import { errorMessage } from "../../../api/client";
import { Dialog } from "../../../components/Dialog";
import { clearCountdown } from "../../../components/otp/useCountdown";
import { sendCode, verifyCode, type StoreLoginAnswer } from "../api";

export const MOBILE_KEY = "quickCommerceMobile";
const SEND_FAILED = "An unexpected error occurred.";
const VERIFY_FAILED = "Error verifying OTP.";

/** The two login calls with the specification's messages, shared by the pages and the modal. */
export function useLoginCalls() {
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);

  const send = async (mobileNumber: string): Promise<boolean> => {
    setBusy(true);
    try {
      await sendCode(mobileNumber);
      window.localStorage.setItem(MOBILE_KEY, mobileNumber);
      toast.success("OTP sent successfully!");
      return true;
    } catch (error) {
      setSendError(errorMessage(error, SEND_FAILED));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const verify = async (mobileNumber: string, otp: string): Promise<StoreLoginAnswer | null> => {
    setBusy(true);
    setVerifyError(null);
    try {
      const answer = await verifyCode(mobileNumber, otp);
      clearCountdown();
      toast.success("OTP verified successfully!");
      return answer;
    } catch (error) {
      setVerifyError(errorMessage(error, VERIFY_FAILED));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const errorPopup = (
    <Dialog open={sendError !== null} title="Error" role="alertdialog" onClose={() => setSendError(null)}>
      <p className="alert alert-danger">{sendError}</p>
      <button type="button" className="btn btn-primary" onClick={() => setSendError(null)}>
        OK
      </button>
    </Dialog>
  );

  return { busy, send, verify, verifyError, clearVerifyError: () => setVerifyError(null), errorPopup };
}
