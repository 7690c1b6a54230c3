import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Dialog } from "../../../components/Dialog";
import { CodeForm } from "../../../components/otp/CodeForm";
import { MobileForm } from "../../../components/otp/MobileForm";
import shared from "../../../components/storefront/storefront.module.css";
import { MOBILE_KEY, useLoginCalls } from "./useLoginCalls";

interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once the code is verified (the gateway session now holds the store login). */
  onVerified: () => void;
}

/** The login and code screens in a modal, for a shopper who adds to cart before logging in. */
export function LoginDialog({ open, onClose, onVerified }: LoginDialogProps) {
  const [mobile, setMobile] = useState<string | null>(null);
  const calls = useLoginCalls();
  const { t } = useLingui();

  const close = () => {
    setMobile(null);
    onClose();
  };

  return (
    <>
      <Dialog open={open} title={mobile ? t`Verify OTP` : t`Login`} onClose={close}>
        {/* The dialog's title already says 'Login' or 'Verify OTP': the form's own heading is not shown twice. */}
        <div className={shared.dialogForm}>
        {mobile === null ? (
          <MobileForm
            title={t`Login`}
            idPrefix="store-modal"
            initialMobile={typeof window === "undefined" ? "" : (window.localStorage.getItem(MOBILE_KEY) ?? "")}
            busy={calls.busy}
            onSubmit={async (number) => {
              if ((await calls.send(number)) !== null) setMobile(number);
            }}
          />
        ) : (
          <CodeForm
            idPrefix="store-modal"
            mobileNumber={mobile}
            busy={calls.busy}
            error={calls.verifyError}
            onClearError={calls.clearVerifyError}
            onEdit={() => setMobile(null)}
            onResend={() => calls.send(mobile)}
            onVerify={async (otp) => {
              if (await calls.verify(mobile, otp)) {
                setMobile(null);
                onVerified();
              }
            }}
          />
        )}
        </div>
      </Dialog>
      {calls.errorPopup}
    </>
  );
}
