/**
 * The mocks' QA control API (/_mocks/*, docs/qa.md), as the console reads and drives it: through
 * the app's one API client, on the same origin, beside /api. Nothing here is the gateway's API:
 * the gateway serves /_mocks only while an upstream is a mock.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type RequestConfig } from "../../../api/client";

/** Where the console keeps the name a tester gave (no QA login to tell it: make run's default). */
const TESTER_KEY = "qa.tester";

/** The name this browser's tester gave, if any (the QA login's name wins at the gateway). */
export function givenName(): string | null {
  try {
    return localStorage.getItem(TESTER_KEY);
  } catch {
    return null;
  }
}

export function rememberName(name: string | null): void {
  try {
    if (name) localStorage.setItem(TESTER_KEY, name);
    else localStorage.removeItem(TESTER_KEY);
  } catch {
    // A browser that keeps nothing: the name is asked for again next time.
  }
}

/**
 * Every console call goes to /_mocks on the app's origin (the client's base is /api), saying who
 * calls (X-QA-Tester) for the mocks' hold on the shared world; behind the QA login the gateway
 * puts the login's name there instead (docs/decisions/qa-holds.md).
 */
export function mocks(config: RequestConfig = {}): RequestConfig {
  const name = givenName();
  return { baseURL: "/", ...config, ...(name ? { headers: { "X-QA-Tester": name } } : {}) };
}

/** How often what the mocks record is read again while the console is open. */
const LIVE_MS = 2_000;

async function read<T>(path: string, params?: Record<string, string>): Promise<T> {
  return (await api.get<T>(path, mocks({ params }))).data;
}

/** A read of what the mocks record, asked again while the console is open; `filter` narrows it
 * to one value of the query parameter `param` (all when empty). */
export function useLive<T>(name: string, path: string, param?: string, filter = "") {
  return useQuery({
    queryKey: [...KEY, name, filter],
    queryFn: () => read<T>(path, param && filter ? { [param]: filter } : undefined),
    refetchInterval: LIVE_MS,
  });
}

/** The mocks a scenario or the journal can name (upstream_mocks/suite.py). */
export const MOCK_NAMES = ["lending", "fineract", "fineract_companion", "payments", "orders", "catalogue", "mail"];

export interface ClockView {
  now: string;
  today: string;
  offsetSeconds: number;
}

/** A move of the one clock: by days, hours and minutes, or to a moment (ISO 8601 with its offset). */
export type ClockMove = { days?: number; hours?: number; minutes?: number } | { at: string };

export interface LoginCode {
  mobileNumber: string;
  otp: string;
  sentAt: number;
  message: string;
  language: string;
}

export interface SentSms {
  smsId: string;
  sentAt: string;
  mobileNumber: string;
  message: string;
  senderId: string;
  dltTemplateId: string;
  category: string;
  language: string;
  reference?: string | null;
}

export interface SentMail {
  mailId: string; // its attachment: GET /_mocks/mail/outbox/{mailId}/attachment
  kind: string;
  to: string;
  subject: string;
  at: number;
  attachment?: string | null;
  orderNumber?: string | null;
  status?: string | null;
  message?: string | null;
  reference?: string | null;
}

export interface SentReminder {
  userId: number;
  loanNumber: string;
  dueDate: string;
  daysFromDue: number;
  amount: string;
  sentAt: string;
  language: string;
}

export interface LoanDues {
  loanNumber: string;
  userId: number;
  borrowerName: string | null;
  mobileNumber: string | null;
  status: "current" | "overdue" | "closed";
  overdueAmount: string;
  penalCharges: string;
  principalOutstanding: string;
  daysPastDue: number;
  nextDue: { dueOn: string; amount: string } | null;
  asOf: string;
}

export interface Scenario {
  mock: string;
  path: string;
  method?: string;
  status?: number | null;
  body?: unknown;
  delayMs?: number;
  drop?: boolean;
  after?: boolean;
  probability?: number;
  times?: number | null;
  webhook?: "drop" | "duplicate" | null;
  refund?: "onHold" | "cancelled" | null;
}

/** A repayment Fineract holds for the lender's checker (maker-checker on). */
export interface AwaitingChecker {
  id: number;
  loanAccountNo: string | null;
  receiptNumber: string | null;
  amount: string;
}

export interface FineractSwitches {
  makerChecker: boolean;
  failNext: number;
  holdNext: number;
  held: string[];
  awaiting: AwaitingChecker[];
}

/** The lender's checker's decision on one repayment awaiting it. */
export interface CheckerDecision {
  check: number;
  decision: "approve" | "reject";
}

export interface JournalEntry {
  mock: string;
  method: string;
  path: string;
  query: string;
  body: unknown;
  status: number;
  at: number;
  requestId: string | null;
  idempotencyKey: string | null;
  operation: string | null;
}

export const KEY = ["qa"] as const;

/** Who holds the shared world (upstream_mocks/hold.py), read by anyone; times are real time, UTC. */
export interface HoldView {
  held: boolean;
  holder: string | null;
  since: string | null;
  until: string | null;
  secondsLeft: number;
  /** The caller as the mocks know them: the QA login's name, or the name given here. */
  you: string | null;
  yours: boolean;
}

export function useHold() {
  return useQuery({ queryKey: [...KEY, "hold"], queryFn: () => read<HoldView>("/_mocks/hold"), refetchInterval: 5_000 });
}

/** Take (or renew) the hold for `minutes`; `name` is remembered first, so this call and the next say it. */
export function useTakeHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ minutes, name }: { minutes: number; name?: string }) => {
      if (name) rememberName(name);
      return (await api.post<HoldView>("/_mocks/hold", { minutes, ...(name ? { name } : {}) }, mocks())).data;
    },
    onSuccess: (view) => client.setQueryData([...KEY, "hold"], view),
    onError: () => void client.invalidateQueries({ queryKey: [...KEY, "hold"] }),
  });
}

export function useReleaseHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<HoldView>("/_mocks/hold", mocks())).data,
    onSuccess: (view) => client.setQueryData([...KEY, "hold"], view),
    onError: () => void client.invalidateQueries({ queryKey: [...KEY, "hold"] }),
  });
}

export function useClock() {
  return useQuery({ queryKey: [...KEY, "clock"], queryFn: () => read<ClockView>("/_mocks/clock"), refetchInterval: 15_000 });
}

/** What follows the clock (dues, reminders, SMS) is read again once it has moved. */
function useAfterMove() {
  const client = useQueryClient();
  return (moved: ClockView) => {
    client.setQueryData([...KEY, "clock"], moved);
    void client.invalidateQueries({ queryKey: KEY });
  };
}

export function useMoveClock() {
  const onMoved = useAfterMove();
  return useMutation({
    mutationFn: async (move: ClockMove) => (await api.post<ClockView>("/_mocks/clock", move, mocks())).data,
    onSuccess: onMoved,
  });
}

export function useRealClock() {
  const onMoved = useAfterMove();
  return useMutation({
    mutationFn: async () => (await api.delete<ClockView>("/_mocks/clock", mocks())).data,
    onSuccess: onMoved,
  });
}

/** The login codes waiting, newest first; `mobile` for one number's. */
export function useLoginCodes(mobile: string) {
  return useLive<LoginCode[]>("codes", "/_mocks/lending/outbox", "mobile", mobile);
}

export function useSms(mobile: string) {
  return useLive<SentSms[]>("sms", "/_mocks/mail/sms", "mobile", mobile);
}

export function useMails() {
  return useLive<SentMail[]>("mails", "/_mocks/mail/outbox");
}

export function useReminders() {
  return useLive<SentReminder[]>("reminders", "/_mocks/lending/reminders");
}

export function useDues() {
  return useQuery({ queryKey: [...KEY, "dues"], queryFn: () => read<LoanDues[]>("/_mocks/lending/dues") });
}

export function useScenarios() {
  return useQuery({ queryKey: [...KEY, "scenarios"], queryFn: () => read<Scenario[]>("/_mocks/scenarios") });
}

function useScenariosChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [...KEY, "scenarios"] });
}

/** Sets every scenario of a fault. */
export function useSetFault() {
  const changed = useScenariosChanged();
  return useMutation({
    mutationFn: async (scenarios: Scenario[]) => {
      for (const scenario of scenarios) await api.post("/_mocks/scenarios", scenario, mocks());
    },
    onSettled: changed,
  });
}

/** Clears the scenarios of a fault (each by its mock and path), or every one when given none. */
export function useClearFaults() {
  const changed = useScenariosChanged();
  return useMutation({
    mutationFn: async (scenarios: Scenario[] | null) => {
      if (scenarios === null) {
        await api.delete("/_mocks/scenarios", mocks());
        return;
      }
      for (const { mock, path } of scenarios) await api.delete("/_mocks/scenarios", mocks({ params: { mock, path } }));
    },
    onSettled: changed,
  });
}

export function useFineractSwitches() {
  return useQuery({ queryKey: [...KEY, "fineract"], queryFn: () => read<FineractSwitches>("/_mocks/fineract/qa") });
}

export function useSetFineract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (switches: Partial<Omit<FineractSwitches, "held" | "awaiting">> | "release" | CheckerDecision) => {
      if (switches === "release") return (await api.post<FineractSwitches>("/_mocks/fineract/qa/release", undefined, mocks())).data;
      if ("check" in switches) {
        const path = `/_mocks/fineract/qa/checker/${switches.check}`;
        return (await api.post<FineractSwitches>(path, { decision: switches.decision }, mocks())).data;
      }
      return (await api.post<FineractSwitches>("/_mocks/fineract/qa", switches, mocks())).data;
    },
    onSuccess: (answer) => client.setQueryData([...KEY, "fineract"], answer),
  });
}

/** What each mock received, oldest first as the mocks keep it; `mock` for one mock's. */
export function useJournal(mock: string) {
  return useLive<JournalEntry[]>("journal", "/_mocks/journal", "mock", mock);
}

/** The seed data back, the outboxes, journal and scenarios empty, the clock real. */
export function useResetWorld() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post("/_mocks/reset", undefined, mocks());
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The orders mock's QA moves: an order one step on, an unpaid one expired, its oldest open return one step on. */
export type OrderMove = "advance" | "expire" | "returns/advance";

export function useMoveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ order, move }: { order: string; move: OrderMove }) =>
      (await api.post<{ message: string }>(`/_mocks/orders/${encodeURIComponent(order)}/${move}`, {}, mocks())).data,
    onSettled: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

/** What a mock said when it refused a control (its envelope's message), if it said anything. */
export function mockRefusal(error: unknown): string | undefined {
  const data = (error as { response?: { data?: { message?: unknown } } } | null)?.response?.data;
  return typeof data?.message === "string" ? data.message : undefined;
}

/** A recipe file of the repository (qa/scenarios/*.yaml), as `/_mocks/scenario-files` lists it. */
export interface ScenarioFile {
  file: string;
  name: string;
  description?: string;
  problem?: string;
  steps: string[];
}

export interface ScenarioStepResult {
  call: string;
  expectedStatus: number;
  status: number;
  passed: boolean;
  problems: string[];
}

export interface ScenarioRun {
  name: string;
  passed: boolean;
  steps: ScenarioStepResult[];
}

export function useScenarioFiles() {
  return useQuery({ queryKey: [...KEY, "scenario-files"], queryFn: () => read<ScenarioFile[]>("/_mocks/scenario-files") });
}

/** Run one recipe in the mocks; everything the console shows may have changed after it. */
export function useRunScenarioFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: string) =>
      (await api.post<ScenarioRun>(`/_mocks/scenario-files/${encodeURIComponent(file)}/run`, undefined, mocks())).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

/** What the mocks' ledger holds (upstream_mocks/ledger.py): amounts are exact decimal strings. */
export interface Ledger {
  charges: { cfPaymentId: string; providerOrderId: string; amount: string; refunded: string }[];
  storeOrders: { orderNumber: string; userId: number; status: string; method: string; paymentState: string; amount: string; refunded: boolean }[];
  repayments: { providerOrderId: string; status: string }[];
  creditDraws: { reference: string; amount: string }[];
  bookings: { lender: string; providerOrderId: string; cfPaymentId: string; amount: string }[];
  outstanding: { lender: string; mobileNumber: string; amount: string }[];
  paymentLinks: { linkId: string; status: string; amount: string; amountPaid: string; providerOrderIds: string[] }[];
  settlements: Settlement[];
  payouts: { transferId: string; amount: string; status: string; utr: string | null }[];
}

/** One entry of the provider's settlement report: net is the amount less fee and tax, null while in transit. */
export interface Settlement {
  eventId: string;
  eventType: "PAYMENT" | "REFUND" | "CHARGEBACK";
  providerOrderId: string;
  cfPaymentId: string;
  amount: string;
  serviceCharge: string | null;
  serviceTax: string | null;
  settlementAmount: string | null;
  settlementId: string | null;
  settlesAt: string;
}

/** One money invariant judged by the mocks on the ledger as it stands (upstream_mocks/money_invariants.py). */
export interface Invariant {
  name: string;
  holds: boolean;
  brokenBy: string[];
}

export function useLedger() {
  return useLive<Ledger>("ledger", "/_mocks/ledger");
}

export function useInvariants() {
  return useLive<Invariant[]>("invariants", "/_mocks/ledger/invariants");
}

/** Someone the seed holds (upstream_mocks/people.py): who, what for, and whose login page logs them in. */
export interface Person {
  name: string;
  mobileNumber: string;
  role: string;
  purpose: string;
  app: "portal" | "store";
}

export function usePeople() {
  return useQuery({ queryKey: [...KEY, "people"], queryFn: () => read<Person[]>("/_mocks/people") });
}

/** A staff login of the gateway (upstream_mocks/staff.py): who, what for, where it logs in; a secret only when published. */
export interface StaffLogin {
  name: string;
  role: string;
  purpose: string;
  loginPage: string;
  secret: string | null;
}

export function useStaffLogins() {
  return useQuery({ queryKey: [...KEY, "staff"], queryFn: () => read<StaffLogin[]>("/_mocks/people/staff") });
}

/** The login code waiting for one mobile number, if any (a used code leaves the outbox). */
export async function codeWaiting(mobile: string): Promise<LoginCode | undefined> {
  const codes = await read<LoginCode[]>("/_mocks/lending/outbox", { mobile });
  return codes.find((code) => code.mobileNumber === mobile);
}
