import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type OrderDraft = components["schemas"]["OrderDraftView"];
export type PaymentType = OrderDraft["paymentType"];

/** POST /api/store/order-draft: the order the cart would make, with the delivery address. */
export async function createOrderDraft(paymentType: PaymentType): Promise<OrderDraft> {
  const body: components["schemas"]["OrderDraftRequest"] = { paymentType };
  const { data } = await api.post<OrderDraft>("/store/order-draft", body);
  return data;
}

export function useCreateOrderDraft() {
  return useMutation({ mutationFn: createOrderDraft });
}
