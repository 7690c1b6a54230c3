import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type UpiPayment = components["schemas"]["UpiPayment"];
export type UpiStatus = components["schemas"]["UpiStatus"];
export type UpiChannel = UpiPayment["channel"];
export type UpiState = UpiStatus["state"];

/**
 * POST {path}: a UPI payment on what `path` names (a store order's or a portal payment's
 * `/upi`), as intent links for the phone's UPI apps or a QR. A retry sends the same key.
 */
export async function startUpi(path: string, channel: UpiChannel, idempotencyKey: string): Promise<UpiPayment> {
  const { data } = await api.post<UpiPayment>(path, { channel }, { headers: { "Idempotency-Key": idempotencyKey } });
  return data;
}

/** GET {path}: how the last payment tried stands (the page follows it while the payer is in their app). */
export async function upiStatus(path: string): Promise<UpiStatus> {
  const { data } = await api.get<UpiStatus>(path);
  return data;
}
