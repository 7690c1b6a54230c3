import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type StaffView = components["schemas"]["StaffView"];
export type CustomerView = components["schemas"]["CustomerView"];
export type DeskOrder = components["schemas"]["DeskOrder"];
export type DeskRepayment = components["schemas"]["DeskRepayment"];
export type DeskComplaint = components["schemas"]["DeskComplaint"];
export type TimelineEntry = components["schemas"]["TimelineEntry"];
export type ActionDone = components["schemas"]["ActionDone"];
export type Reconciliation = components["schemas"]["Reconciliation"];

/** GET /api/desk/me: the staff member logged in to the desk (401 when nobody is). */
export const staffQuery = queryOptions({
  queryKey: ["desk", "me"],
  queryFn: async () => (await api.get<StaffView>("/desk/me")).data,
  retry: false,
});

export function useStaff() {
  return useQuery(staffQuery);
}

/** The desk's login; `onDone` reads who is logged in again. */
export function useDeskLogin(onDone: () => void) {
  return useMutation({
    mutationFn: async (body: { name: string; secret: string }) => (await api.post<StaffView>("/desk/login", body)).data,
    onSuccess: onDone,
  });
}

export function useDeskLogout(onDone: () => void) {
  return useMutation({
    mutationFn: async () => {
      await api.post("/desk/logout");
    },
    onSettled: onDone,
  });
}

/** GET /api/desk/customers?q=: the customer a mobile, order or loan number, or a payment or UPI reference names. */
export function useCustomer(query: string) {
  return useQuery({
    queryKey: ["desk", "customer", query],
    queryFn: async () => (await api.get<CustomerView>("/desk/customers", { params: { q: query } })).data,
    enabled: query !== "",
    retry: false,
  });
}

export interface DeskAction {
  path: string;
  reason: string;
  idempotencyKey?: string;
}

/** POST an action (resend, cancel) with its reason; `onDone` reads the customer's view again. */
export function useDeskAction(onDone: () => void) {
  return useMutation({
    mutationFn: async ({ path, reason, idempotencyKey }: DeskAction) =>
      (
        await api.post<ActionDone>(path, { reason }, idempotencyKey ? { headers: { "Idempotency-Key": idempotencyKey } } : undefined)
      ).data,
    onSuccess: onDone,
  });
}

/** GET /api/desk/reconciliation: today's reconciliation (supervisors). */
export function useReconciliation(enabled: boolean) {
  return useQuery({
    queryKey: ["desk", "reconciliation"],
    queryFn: async () => (await api.get<Reconciliation>("/desk/reconciliation")).data,
    enabled,
    retry: false,
  });
}
