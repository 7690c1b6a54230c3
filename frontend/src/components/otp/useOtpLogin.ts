import { msg } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { i18n } from "../../lib/i18n";
import { showToast } from "../../lib/toast";
import { errorMessage } from "../../api/client";
import type { components } from "../../api/schema";
import { clearSendWait, refusedSend, startSendWait } from "./sendWait";
import { clearCountdown, resendSeconds, startCountdown } from "./useCountdown";

type SendCodeResponse = components["schemas"]["SendCodeResponse"];

// The specification's messages, worded in the page's language when shown.
export const CODE_SENT = msg`OTP sent successfully!`;
export const SEND_FAILED = msg`An unexpected error occurred.`;
export const VERIFIED = msg`OTP verified successfully!`;
export const VERIFY_FAILED = msg`Error verifying OTP.`;

interface OtpCalls<Verified> {
  /** The group's send-code call (its answer carries the gateway's resend interval). */
  send: (mobileNumber: string) => Promise<SendCodeResponse>;
  verify: (mobileNumber: string, otp: string) => Promise<Verified>;
  /** After a code was sent (the store remembers the number). */
  onSent?: (mobileNumber: string) => void;
}

/**
 * The one OTP login: send and verify with the specification's messages, the countdown started
 * from the gateway's resendAfter on every send, and cleared once the code is verified. Used by
 * the portal's pages, the store's pages and the store's login modal.
 */
export function useOtpLogin<Verified>({ send, verify, onSent }: OtpCalls<Verified>) {
  const [sendError, setSendError] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const sending = useMutation({ mutationFn: send });
  const verifying = useMutation({ mutationFn: ({ mobile, otp }: { mobile: string; otp: string }) => verify(mobile, otp) });

  /**
   * Send a code; resolves to the seconds until the next resend, or null when it failed. A send
   * the gateway refused for its limits (429) is no error to dismiss: the forms count down to the
   * moment it will send again (SendWaitNotice); any other failure is in sendError.
   */
  const sendCode = async (mobileNumber: string): Promise<number | null> => {
    try {
      const answer = await sending.mutateAsync(mobileNumber);
      const seconds = resendSeconds(answer.resendAfter);
      clearSendWait();
      startCountdown(seconds);
      onSent?.(mobileNumber);
      showToast("success", CODE_SENT);
      return seconds;
    } catch (error) {
      const wait = refusedSend(error);
      if (wait) startSendWait(mobileNumber, wait.seconds, wait.kind);
      else setSendError(errorMessage(error, i18n._(SEND_FAILED)));
      return null;
    }
  };

  /** Verify a code; resolves to the group's answer, or null (the message is in verifyError). */
  const verifyCode = async (mobileNumber: string, otp: string): Promise<Verified | null> => {
    setVerifyError(null);
    try {
      const answer = await verifying.mutateAsync({ mobile: mobileNumber, otp });
      clearCountdown();
      return answer;
    } catch (error) {
      setVerifyError(errorMessage(error, i18n._(VERIFY_FAILED)));
      return null;
    }
  };

  return {
    busy: sending.isPending || verifying.isPending,
    send: sendCode,
    verify: verifyCode,
    sendError,
    clearSendError: () => setSendError(null),
    verifyError,
    clearVerifyError: () => setVerifyError(null),
  };
}
