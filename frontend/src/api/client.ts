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
