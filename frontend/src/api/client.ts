/**
 * The one HTTP client, on the browser's fetch (axios was a sixth of every first download). Same
 * origin as the gateway: the session cookie rides along, and the XSRF-TOKEN cookie is echoed in
 * X-XSRF-TOKEN on every call that changes something.
 */

export interface ApiResponse<T> {
  data: T;
  status: number;
}

export interface RequestConfig {
  params?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  /** Answers the call instead of the network (tests). */
  transport?: typeof fetch;
}

/** A call the gateway answered with an error status (`response`), or one that never reached it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly response?: { status: number; data: unknown },
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const BASE = "/api";
const SAFE = new Set(["GET", "HEAD"]);
const unauthorizedListeners = new Set<(error: ApiError) => void>();

function xsrfToken(): string | undefined {
  if (typeof document === "undefined") return undefined;
  // Over HTTPS the gateway names the cookie __Host-XSRF-TOKEN (no subdomain can plant it).
  const name = `${document.location.protocol === "https:" ? "__Host-" : ""}XSRF-TOKEN=`;
  const found = document.cookie.split("; ").find((c) => c.startsWith(name));
  return found ? decodeURIComponent(found.slice(name.length)) : undefined;
}

function withQuery(path: string, params: RequestConfig["params"]): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

async function request<T>(method: string, path: string, body: unknown, config: RequestConfig = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...config.headers };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = SAFE.has(method) ? undefined : xsrfToken();
  if (token) headers["X-XSRF-TOKEN"] = token;
  const send = config.transport ?? fetch;
  let response: Response;
  try {
    response = await send(BASE + withQuery(path, config.params), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch (cause) {
    throw new ApiError(cause instanceof Error ? cause.message : "Network Error", path);
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const error = new ApiError(`Request failed with status code ${response.status}`, path, { status: response.status, data });
    if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(error));
    throw error;
  }
  return { data: data as T, status: response.status };
}

export const api = {
  get: <T = unknown>(path: string, config?: RequestConfig) => request<T>("GET", path, undefined, config),
  delete: <T = unknown>(path: string, config?: RequestConfig) => request<T>("DELETE", path, undefined, config),
  post: <T = unknown>(path: string, body?: unknown, config?: RequestConfig) => request<T>("POST", path, body, config),
  put: <T = unknown>(path: string, body?: unknown, config?: RequestConfig) => request<T>("PUT", path, body, config),
};

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
  const match = /^\/(portal|store|checkout)\//.exec(url);
  if (!match) return null;
  // The checkout and the orders are the store's: they run on the shopper's store login.
  return match[1] === "checkout" ? "store" : (match[1] as LoginGroup);
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

/** The user-facing message of a failed call: the gateway's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body?.error?.message) return body.error.message;
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
