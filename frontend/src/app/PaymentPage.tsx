import { AllocationPreviewContext } from "../components/AllocationPreviewSlot";
import { AllocationPreview } from "../features/loans/components/AllocationPreview";
import PaymentPage from "../features/portal/pages/PaymentPage";

/**
 * The portal's payment page with the loans' split of a part-payment: two features composed here,
 * in one chunk (named as the page was, so the first download's list of files stays as short), so
 * neither imports the other: the page shows the split through components/AllocationPreviewSlot.tsx.
 */
export default function PaymentPageWithPreview() {
  return (
    <AllocationPreviewContext.Provider value={AllocationPreview}>
      <PaymentPage />
    </AllocationPreviewContext.Provider>
  );
}
