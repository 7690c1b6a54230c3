import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type StoreLoginAnswer = components["schemas"]["StoreLoginView"];

/** POST /api/store/otp/verify: the code; the gateway's session then holds the shopper's login. */
export async function verifyCode(mobileNumber: string, otp: string): Promise<StoreLoginAnswer> {
  const body: components["schemas"]["VerifyCodeRequest"] = { mobileNumber, otp };
  const { data } = await api.post<StoreLoginAnswer>("/store/otp/verify", body);
  return data;
}
