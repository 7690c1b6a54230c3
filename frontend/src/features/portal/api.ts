import { api } from "../../api/client";
import type { components } from "../../api/schema";

export type SendCodeResponse = components["schemas"]["SendCodeResponse"];
export type VerifyResponse = components["schemas"]["VerifyResponse"];
export type RepaymentView = components["schemas"]["RepaymentView"];
export type CreatePaymentRequest = components["schemas"]["CreatePaymentRequest"];
export type PaymentCreated = components["schemas"]["PaymentCreated"];
export type PaymentOutcome = components["schemas"]["PaymentOutcome"];
export type PaymentMode = CreatePaymentRequest["mode"];

/** The portal's calls to the gateway (/api/portal); no upstream token ever reaches the browser. */
export async function sendCode(mobileNumber: string): Promise<SendCodeResponse> {
  const { data } = await api.post<SendCodeResponse>("/portal/otp", { mobileNumber });
  return data;
}

export async function verifyCode(mobileNumber: string, otp: string): Promise<VerifyResponse> {
  const { data } = await api.post<VerifyResponse>("/portal/otp/verify", { mobileNumber, otp });
  return data;
}

export async function getRepayment(): Promise<RepaymentView> {
  const { data } = await api.get<RepaymentView>("/portal/repayment");
  return data;
}

/** One Idempotency-Key per Pay click: a repeated request (a retry, a double submit) makes one order. */
export async function createPayment(request: CreatePaymentRequest, idempotencyKey: string): Promise<PaymentCreated> {
  const { data } = await api.post<PaymentCreated>("/portal/payments", request, {
    headers: { "Idempotency-Key": idempotencyKey },
  });
  return data;
}

export async function confirmPayment(payment: PaymentCreated): Promise<PaymentOutcome> {
  const { data } = await api.post<PaymentOutcome>(`/portal/payments/${encodeURIComponent(payment.orderId)}/confirm`, {
    paymentLogId: payment.paymentLogId,
  });
  return data;
}
