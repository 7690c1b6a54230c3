// The loans feature's public face: the payment's split before paying, which the portal's payment
// page shows (its words are in the payment page's catalog: lingui.config.ts).
export { AllocationPreview } from "./components/AllocationPreview";
