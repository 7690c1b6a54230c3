import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type VerifyResponse = components["schemas"]["VerifyResponse"];

/** POST /api/portal/otp/verify: the code; the gateway's session then holds the borrower's login. */
export async function verifyCode(mobileNumber: string, otp: string): Promise<VerifyResponse> {
  const body: components["schemas"]["VerifyCodeRequest"] = { mobileNumber, otp };
  const { data } = await api.post<VerifyResponse>("/portal/otp/verify", body);
  return data;
}
