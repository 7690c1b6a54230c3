import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { VerifyResponse } from "./verify-code";

/**
 * POST /api/portal/login: the portal for a session logged in at the store before anything was
 * owed (a shopper who has since bought on credit); the gateway asks the lender again for the
 * verified number, with no second code. 'payment' means the session now holds the portal login.
 */
export async function reopenLogin(): Promise<VerifyResponse> {
  const { data } = await api.post<VerifyResponse>("/portal/login");
  return data;
}

export function useReopenLogin() {
  return useMutation({ mutationFn: reopenLogin });
}
