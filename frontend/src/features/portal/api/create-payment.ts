import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { newIdempotencyKey } from "../../../lib/idempotency-key";

export type CreatePaymentRequest = components["schemas"]["CreatePaymentRequest"];
export type PaymentCreated = components["schemas"]["PaymentCreated"];
export type PaymentMode = CreatePaymentRequest["mode"];


/** POST /api/portal/payments. One Idempotency-Key per Pay click: a retry or a double submit makes one order. */
export async function createPayment(request: CreatePaymentRequest, idempotencyKey: string): Promise<PaymentCreated> {
  const { data } = await api.post<PaymentCreated>("/portal/payments", request, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return data;
}

export function useCreatePayment() {
  return useMutation({ mutationFn: (request: CreatePaymentRequest) => createPayment(request, newIdempotencyKey()) });
}
