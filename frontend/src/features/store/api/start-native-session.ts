import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import type { StoreLoginAnswer } from "./verify-code";

/** POST /api/store/native-session: the native app's login, handed over to the gateway's session. */
export async function startNativeSession(userId: string, token: string, verified: boolean): Promise<StoreLoginAnswer> {
  const body: components["schemas"]["NativeSessionRequest"] = { userId, token, verified };
  const { data } = await api.post<StoreLoginAnswer>("/store/native-session", body);
  return data;
}
