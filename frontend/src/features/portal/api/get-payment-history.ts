import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type PaymentRecord = components["schemas"]["PaymentRecord"];

/** GET /api/portal/payments: the borrower's payments, newest first; a paid one has a receipt. */
export async function getPaymentHistory(): Promise<PaymentRecord[]> {
  const { data } = await api.get<PaymentRecord[]>("/portal/payments");
  return data;
}

export const paymentHistoryQuery = queryOptions({ queryKey: ["portal", "payments"], queryFn: getPaymentHistory });

export function usePaymentHistory({ enabled }: { enabled: boolean }) {
  return useQuery({ ...paymentHistoryQuery, enabled });
}
