import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CreatePaymentRequest = components["schemas"]["CreatePaymentRequest"];
export type PaymentCreated = components["schemas"]["PaymentCreated"];
export type PaymentMode = CreatePaymentRequest["mode"];

/** A fresh key per Pay click (crypto.randomUUID needs a secure context; fall back to random bytes). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

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
