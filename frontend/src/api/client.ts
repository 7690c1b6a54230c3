import axios, { AxiosError } from "axios";

/**
 * The one HTTP client. Same origin as the gateway: the session cookie rides along, and axios
 * echoes the XSRF-TOKEN cookie in X-XSRF-TOKEN on every request (its defaults, made explicit).
 */
export const api = axios.create({
  baseURL: "/api",
  withCredentials: true,
  xsrfCookieName: "XSRF-TOKEN",
  xsrfHeaderName: "X-XSRF-TOKEN",
  headers: { Accept: "application/json" },
});

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
  const match = /^\/(portal|store)\//.exec(url);
  return match ? (match[1] as LoginGroup) : null;
}

/**
 * The one answer to an ended login: every 401 from a group's calls reaches `handler` (which
 * re-reads the session and sends the user to that group's login), then the call still fails so
 * the page stops what it was doing. Returns the uninstall, for the provider's cleanup.
 */
export function onUnauthorized(handler: (group: LoginGroup) => void): () => void {
  const id = api.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError && error.response?.status === 401) {
      const group = groupOfUnauthorized(error.config?.url);
      if (group) handler(group);
    }
    return Promise.reject(error);
  });
  return () => api.interceptors.response.eject(id);
}

/** The user-facing message of a failed call: the gateway's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<ApiErrorBody> | undefined;
    if (body?.error?.message) return body.error.message;
  }
  return fallback;
}

export function errorCode(error: unknown): string | undefined {
  if (error instanceof AxiosError) {
    return (error.response?.data as Partial<ApiErrorBody> | undefined)?.error?.code;
  }
  return undefined;
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}
