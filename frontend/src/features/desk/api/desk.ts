import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
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
export type AuditEntry = components["schemas"]["AuditEntry"];
export type RefundView = components["schemas"]["DeskRefundView"];
export type RefundRequest = components["schemas"]["DeskRefundRequest"];
export type PaidOtherwise = components["schemas"]["PaidOtherwise"];
export type RunView = components["schemas"]["RunView"];
export type WorklistDay = components["schemas"]["WorklistDay"];
export type FindingView = components["schemas"]["FindingView"];

/** GET /api/desk/me: the staff member logged in to the desk (401 when nobody is). */
export const staffQuery = queryOptions({
  queryKey: ["desk", "me"],
  queryFn: async () => (await api.get<StaffView>("/desk/me")).data,
  retry: false,
});

export function useStaff() {
  return useQuery(staffQuery);
}

/**
 * The desk's login. Its answer is who is logged in now: a read of /desk/me still on its way (the
 * first one, or the service worker's re-read as it takes the page over) was sent before the login
 * and will be refused, and a refetch then would only wait for that refusal (React Query joins a
 * read in flight while the query has no data): the login form stayed up after a good login.
 */
export function useDeskLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; secret: string }) => (await api.post<StaffView>("/desk/login", body)).data,
    onSuccess: async (staff) => {
      await client.cancelQueries({ queryKey: staffQuery.queryKey });
      client.setQueryData(staffQuery.queryKey, staff);
    },
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
  /** The customer's mobile number, kept with the action in the audit trail. */
  customer?: string | null;
  idempotencyKey?: string;
}

/** POST an action (resend, cancel) with its reason; `onDone` reads the customer's view again, and
 * the audit trail shows the action. */
export function useDeskAction(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, reason, customer, idempotencyKey }: DeskAction) =>
      (
        await api.post<ActionDone>(
          path,
          { reason, ...(customer ? { customer } : {}) },
          idempotencyKey ? { headers: { "Idempotency-Key": idempotencyKey } } : undefined,
        )
      ).data,
    onSuccess: onDone,
    onSettled: () => void client.invalidateQueries({ queryKey: ["desk", "audit"] }),
  });
}

/** Which audit entries: a customer's (any staff) or the whole desk's (supervisors), and filters. */
export interface AuditFilters {
  customer?: string;
  staff?: string;
  action?: string;
  from?: string;
  to?: string;
}

function auditParams(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;
}

/** GET /api/desk/audit: the audit trail, newest first. */
export function useAuditTrail(filters: AuditFilters) {
  return useQuery({
    queryKey: ["desk", "audit", auditParams(filters)],
    queryFn: async () => (await api.get<AuditEntry[]>("/desk/audit", { params: auditParams(filters) })).data,
    retry: false,
  });
}

/** The same entries as a CSV file (GET /api/desk/audit.csv), for a download link. */
export function auditCsvUrl(filters: AuditFilters): string {
  const query = new URLSearchParams(auditParams(filters)).toString();
  return `/api/desk/audit.csv${query ? `?${query}` : ""}`;
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

/** GET /api/desk/refunds?customer=: the refunds asked for a customer, newest first. */
export function useRefunds(customer: string | null) {
  return useQuery({
    queryKey: ["desk", "refunds", customer],
    queryFn: async () => (await api.get<RefundView[]>("/desk/refunds", { params: { customer } })).data,
    enabled: customer !== null,
    retry: false,
  });
}

/** What the desk does with a refund: ask for one, approve or turn one down, or resolve one the bank gave up. */
export type RefundAction =
  | { orderNumber: string; body: RefundRequest; idempotencyKey: string }
  | { refundId: number; decision: "approve" | "reject" }
  | { refundId: number; decision: "retry"; idempotencyKey: string }
  | { refundId: number; decision: "paid-otherwise"; body: PaidOtherwise };

/**
 * Ask for a refund (POST .../orders/{n}/refunds, once per key), approve or turn one down, or
 * resolve one the bank gave up: ask the provider again (once per key) or record it paid another way.
 */
export function useRefundAction(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (asked: RefundAction) =>
      "decision" in asked
        ? (
            await api.post<RefundView>(
              `/desk/refunds/${asked.refundId}/${asked.decision}`,
              "body" in asked ? asked.body : undefined,
              "idempotencyKey" in asked ? { headers: { "Idempotency-Key": asked.idempotencyKey } } : undefined,
            )
          ).data
        : (
            await api.post<RefundView>(`/desk/orders/${asked.orderNumber}/refunds`, asked.body, {
              headers: { "Idempotency-Key": asked.idempotencyKey },
            })
          ).data,
    onSuccess: onDone,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ["desk", "refunds"] });
      void client.invalidateQueries({ queryKey: ["desk", "audit"] });
    },
  });
}

/** GET /api/desk/worklist: the stored daily reconciliation runs, newest day first (supervisors). */
export function useWorklistRuns() {
  return useQuery({
    queryKey: ["desk", "worklist"],
    queryFn: async () => (await api.get<RunView[]>("/desk/worklist")).data,
    retry: false,
  });
}

/**
 * GET /api/desk/worklist/{day}: a day's run and its findings, open ones first; read again when
 * `runs` (the runs list) has a run of that day other than the one the answer has, and the runs
 * list read again when the answer has a run (day and time) the list lacks.
 */
export function useWorklistDay(day: string | null, runs: RunView[] | undefined) {
  const client = useQueryClient();
  const worklist = useQuery({
    queryKey: ["desk", "worklist", day],
    queryFn: async () => (await api.get<WorklistDay>(`/desk/worklist/${day}`)).data,
    enabled: day !== null,
    retry: false,
  });
  // The two reads are not one: a page loaded while the daily job was storing the day's run had
  // the runs list with the run and the day's answer without it ("no run is stored"), and kept that
  // answer, choosing the same day included. The day is read again once for each run time the list
  // shows, not again and again should the two still differ.
  const answer = worklist.data;
  const listed = answer && runs?.find((run) => run.day === answer.day)?.ranAt;
  const behind = listed && listed !== answer.run?.ranAt ? listed : null;
  useEffect(() => {
    if (behind) void client.invalidateQueries({ queryKey: ["desk", "worklist", day], exact: true });
  }, [behind, client, day]);
  // And the other way round: a runs list read just before the job stored the run lacks the day's
  // button while the day's answer has the run, and nothing else reads the list again. The list
  // (only it: exact, not every day's answer under it) is read again once for each run the answer
  // shows and the list lacks; a day the list never has (older than the days it lists) costs that
  // one read, not a loop.
  const shown = answer?.run;
  const unlisted =
    shown && runs && !runs.some((run) => run.day === shown.day && run.ranAt === shown.ranAt)
      ? `${shown.day} ${shown.ranAt}`
      : null;
  useEffect(() => {
    if (unlisted) void client.invalidateQueries({ queryKey: ["desk", "worklist"], exact: true });
  }, [unlisted, client]);
  return worklist;
}

/** Resolve a finding with a note (POST .../findings/{id}/resolve); the worklist is read again. */
export function useResolveFinding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, note }: { id: number; note: string }) =>
      (await api.post<FindingView>(`/desk/worklist/findings/${id}/resolve`, { note })).data,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ["desk", "worklist"] });
      void client.invalidateQueries({ queryKey: ["desk", "audit"] });
    },
  });
}
