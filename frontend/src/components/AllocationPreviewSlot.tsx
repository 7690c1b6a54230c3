import { createContext, useContext, type ComponentType } from "react";

export interface AllocationPreviewProps {
  loanNumber: string;
  /** The amount typed, as typed (the part shows nothing outside the lender's bounds). */
  amount: string;
}

/**
 * How the lender would apply a part-payment: the loans feature's part
 * (features/loans/components/AllocationPreview.tsx), shown on the portal's payment page. The app
 * composes the two (app/PaymentPage.tsx) and hands it in here, so neither feature
 * imports the other.
 */
export const AllocationPreviewContext = createContext<ComponentType<AllocationPreviewProps> | null>(null);

export function AllocationPreview(props: AllocationPreviewProps) {
  const Part = useContext(AllocationPreviewContext);
  return Part ? <Part {...props} /> : null;
}
