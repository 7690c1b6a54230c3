import { useParams } from "react-router";
import LoanPage from "./LoanPage";
import LoansPage from "./LoansPage";

/** /loans lists the borrower's loans; /loans/:loanNumber is one of them. */
export default function LoansRoute() {
  const { loanNumber } = useParams();
  return loanNumber ? <LoanPage /> : <LoansPage />;
}
