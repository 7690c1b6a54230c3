import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type SendCodeResponse = components["schemas"]["SendCodeResponse"];

/** POST /api/store/otp: a code to the shopper's number; the answer says when a resend is allowed. */
export async function sendCode(mobileNumber: string): Promise<SendCodeResponse> {
  const body: components["schemas"]["SendCodeRequest"] = { mobileNumber };
  const { data } = await api.post<SendCodeResponse>("/store/otp", body);
  return data;
}
