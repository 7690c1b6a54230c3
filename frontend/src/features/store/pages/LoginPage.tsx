import { Navigate, useLocation, useNavigate } from "react-router";
import { MobileForm } from "../../../components/otp/MobileForm";
import { StoreHeader } from "../components/StoreHeader";
import { MOBILE_KEY, useLoginCalls } from "../components/useLoginCalls";
import { useStore } from "../StoreContext";
import shared from "../store.module.css";

/** /login: the mobile number step; a shopper already verified goes to /product-home. */
export default function LoginPage() {
  const { verified } = useStore();
  const navigate = useNavigate();
  const location = useLocation();
  const calls = useLoginCalls();
  const fromState = (location.state as { mobileNumber?: string } | null)?.mobileNumber;

  if (verified === true) return <Navigate to="/product-home" replace />;

  return (
    <div className={shared.page}>
      <StoreHeader cartLink={false} />
      <div className={`card ${shared.auth}`}>
        {verified === null ? (
          <p role="status">Loading...</p>
        ) : (
          <MobileForm
            title="Login"
            idPrefix="store"
            initialMobile={fromState ?? window.localStorage.getItem(MOBILE_KEY) ?? ""}
            busy={calls.busy}
            onSubmit={async (mobileNumber) => {
              if ((await calls.send(mobileNumber)) !== null) navigate("/verifyotp", { state: { mobileNumber } });
            }}
          />
        )}
      </div>
      {calls.errorPopup}
    </div>
  );
}
