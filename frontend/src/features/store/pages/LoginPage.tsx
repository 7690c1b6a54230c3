import { Trans, useLingui } from "@lingui/react/macro";
import { Navigate, useLocation, useNavigate } from "react-router";
import { MobileForm } from "../../../components/otp/MobileForm";
import { usePageMeta } from "../../../lib/page-meta";
import { StoreHeader } from "../components/StoreHeader";
import { returnPath, type LoginState } from "../../../components/storefront/return-to";
import { MOBILE_KEY, useLoginCalls } from "../components/useLoginCalls";
import { useStore } from "../../../components/storefront/store-state";
import shared from "../../../components/storefront/storefront.module.css";

/** /login: the mobile number step; a shopper already verified goes to /product-home (as the specification says). */
export default function LoginPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Login` });
  const { verified } = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const calls = useLoginCalls();
  const fromState = (location.state as LoginState | null)?.mobileNumber;
  // Where the shopper came from travels on to the code screen, which returns there.
  const from = returnPath(location.state) ?? undefined;

  if (verified === true) return <Navigate to="/product-home" replace />;

  return (
    <div className={shared.page}>
      <StoreHeader cartLink={false} />
      <div className={`card ${shared.auth}`}>
        {verified === null ? (
          <p role="status">
            <Trans>Loading...</Trans>
          </p>
        ) : (
          <MobileForm
            title={t`Login`}
            idPrefix="store"
            initialMobile={fromState ?? window.localStorage.getItem(MOBILE_KEY) ?? ""}
            busy={calls.busy}
            onSubmit={async (mobileNumber) => {
              if ((await calls.send(mobileNumber)) !== null) navigate("/verifyotp", { state: { mobileNumber, from } satisfies LoginState });
            }}
          />
        )}
      </div>
      {calls.errorPopup}
    </div>
  );
}
