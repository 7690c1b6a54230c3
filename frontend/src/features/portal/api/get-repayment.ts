import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type RepaymentView = components["schemas"]["RepaymentView"];

/** GET /api/portal/repayment: what the verified borrower owes. */
export async function getRepayment(): Promise<RepaymentView> {
  const { data } = await api.get<RepaymentView>("/portal/repayment");
  return data;
}

export const repaymentQuery = queryOptions({ queryKey: ["portal", "repayment"], queryFn: getRepayment });

/** The repayment, read only while the borrower is verified (a 401 is answered by the API client). */
export function useRepayment({ enabled }: { enabled: boolean }) {
  return useQuery({ ...repaymentQuery, enabled });
}
