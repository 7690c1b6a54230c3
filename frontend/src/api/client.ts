/**
 * The app's one API client: `api.get/post/put/delete` answer `{data, status}` or fail with
 * ApiError, which the pages read through errorMessage, errorCode and errorStatus. The calls go
 * through one axios instance (./http), which arrives with the first call rather than with every
 * page: a pre-rendered page is on screen and interactive before it asks the gateway anything
 * (docs/decisions/axios-client.md).
 */
import type { AxiosRequestConfig, AxiosResponse } from "axios";
import { isOnline } from "../lib/connection";
import { noteSavedRead } from "../lib/saved-reads";

/**
 * A call the gateway answered with an error status (`response`), or one that never reached it.
 * `words` are the app's words for the gateway's code (lib/error-messages.ts): the lookup is given
 * where the error is made (./http), so the table arrives with the client, not with every first
 * page, and runs when the words are shown, so they are in the page's language at that moment.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly response?: { status: number; data: unknown },
    private readonly wording?: () => string | undefined,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get words(): string | undefined {
    return this.wording?.();
  }
}

export interface ApiErrorBody {
  error: { code: string; message: string; field?: string | null };
}

/** The route groups that have their own login. */
export type LoginGroup = "portal" | "store";

// The login calls themselves answer 401 for a wrong code or a refused hand-over: that is the
// screen's own error to show, not an ended login.
const LOGIN_CALLS = /^\/(portal|store)\/(otp(\/verify)?|native-session)$/;

/** The group whose login a 401 on `url` has ended, or null when the 401 is not about a login. */
export function groupOfUnauthorized(url: string | undefined): LoginGroup | null {
  if (!url || LOGIN_CALLS.test(url)) return null;
  // A group's own path or below it (the orders' list is `/orders` itself, the address book `/addresses`).
  const match = /^\/(portal|store|checkout|orders|addresses|credit)\b/.exec(url);
  if (!match) return null;
  // The checkout, the orders, the address book and credit are the store's: they run on the
  // shopper's store login.
  return match[1] === "portal" ? "portal" : "store";
}

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Tells every onUnauthorized handler about a 401 (the client's response interceptor). */
export function reportUnauthorized(error: ApiError): void {
  unauthorizedListeners.forEach((listener) => listener(error));
}

/**
 * The one answer to an ended login: every 401 from a group's calls reaches `handler` (which
 * re-reads the session and sends the user to that group's login), then the call still fails so
 * the page stops what it was doing. Returns the uninstall, for the provider's cleanup.
 */
export function onUnauthorized(handler: (group: LoginGroup) => void): () => void {
  const listener = (error: ApiError) => {
    const group = groupOfUnauthorized(error.url);
    if (group) handler(group);
  };
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The user-facing message of a failed call: the app's words for its code, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // The app words each code (lib/error-messages.ts); a code it does not know gets the screen's words.
    return error.words ?? fallback;
  }
  return fallback;
}

export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    return (error.response?.data as Partial<ApiErrorBody> | undefined)?.error?.code;
  }
  return undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.response?.status : undefined;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  /** Offline, the answer is the phone's copy: when the gateway first gave it (its `Date`). */
  savedAt?: Date;
}

/** A read answered while offline came from the service worker's copy: say when it was read. */
function withSavedAt<T>(response: AxiosResponse<T>): ApiResponse<T> {
  const date: unknown = response.headers.date;
  if (isOnline() || typeof date !== "string") return response;
  const savedAt = new Date(date);
  noteSavedRead(savedAt);
  return { data: response.data, status: response.status, savedAt };
}

/** What a caller may set on one call; `baseURL` "/" for the QA console's /_mocks calls, beside /api. */
export type RequestConfig = Pick<AxiosRequestConfig, "params" | "headers" | "signal" | "baseURL">;

let loading: Promise<typeof import("./http")> | undefined;

async function instance() {
  // A failed download is tried again by the next call, and fails this one as any unreached call.
  loading ??= import("./http").catch((cause: unknown) => {
    loading = undefined;
    // eslint-disable-next-line lingui/no-unlocalized-strings -- axios's own text for an unreached call, for the log; never shown
    throw new ApiError(cause instanceof Error ? cause.message : "Network Error", "");
  });
  return (await loading).http;
}

/** True once a call has been made (the page's first render needed none: it came with the HTML). */
export function apiInUse(): boolean {
  return loading !== undefined;
}

export const api = {
  get: async <T = unknown>(path: string, config?: RequestConfig): Promise<ApiResponse<T>> =>
    withSavedAt(await (await instance()).get<T>(path, config)),
  delete: async <T = unknown>(path: string, config?: RequestConfig): Promise<ApiResponse<T>> =>
    (await instance()).delete<T>(path, config),
  post: async <T = unknown>(path: string, body?: unknown, config?: RequestConfig): Promise<ApiResponse<T>> =>
    (await instance()).post<T>(path, body, config),
  put: async <T = unknown>(path: string, body?: unknown, config?: RequestConfig): Promise<ApiResponse<T>> =>
    (await instance()).put<T>(path, body, config),
};
