import { Navigate, useParams } from "react-router";
import ApplyPage from "./ApplyPage";
import CreditLinesPage from "./CreditLinesPage";

/** /credit/apply is the application; /credit the shopper's lines; any other step goes to /credit. */
export default function CreditRoute() {
  const { step } = useParams();
  if (step === "apply") return <ApplyPage />;
  if (step !== undefined) return <Navigate to="/credit" replace />;
  return <CreditLinesPage />;
}
