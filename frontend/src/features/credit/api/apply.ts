import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type ApplyRequest = components["schemas"]["ApplyRequest"];
export type CreditApplication = components["schemas"]["CreditApplication"];
export type CreditOffer = CreditApplication["offers"][number];

/** POST /api/credit/applications: the lender decides at once, with its offers or a reason. */
export async function applyForCredit(request: ApplyRequest): Promise<CreditApplication> {
  const { data } = await api.post<CreditApplication>("/credit/applications", request);
  return data;
}

export function useApply() {
  return useMutation({ mutationFn: applyForCredit });
}
