/**
 * The axios instance every call goes through, as bulletproof-react's api-client builds it: the
 * gateway's /api on the same origin (the session cookie rides along), axios's own XSRF header
 * from the cookie the gateway sets, and one response interceptor that answers a 401 once and
 * turns every failure into the app's ApiError. Loaded with the first call (./client).
 */
import axios, { AxiosError } from "axios";
import { errorCatalog, wordsFor } from "../lib/error-messages";
import { REFUSED_OFFLINE } from "../components/OfflineNotice/offline-notice";
import { isOnline } from "../lib/connection";
import { ensureCatalog, i18n } from "../lib/i18n";
import { ApiError, reportUnauthorized, type ApiErrorBody } from "./client";

/** The XSRF cookie's name: over HTTPS the gateway prefixes it __Host- (no subdomain can plant it). */
export function xsrfCookieName(protocol: string | undefined): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- cookie names
  return protocol === "https:" ? "__Host-XSRF-TOKEN" : "XSRF-TOKEN";
}

/** A failed call as the app's ApiError: the gateway's status and body when it answered. */
export function toApiError(cause: unknown): ApiError {
  if (!(cause instanceof AxiosError)) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- axios's own text for an unreached call, for the log; never shown
    return new ApiError(cause instanceof Error ? cause.message : "Network Error", "");
  }
  const { response } = cause;
  const body = response?.data as Partial<ApiErrorBody> | undefined;
  return new ApiError(
    cause.message,
    cause.config?.url ?? "",
    response ? { status: response.status, data: response.data } : undefined,
    () => wordsFor(body?.error?.code, body?.error?.message),
  );
}

export const http = axios.create({
  baseURL: "/api",
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a media type
  headers: { Accept: "application/json" },
  xsrfCookieName: xsrfCookieName(typeof document === "undefined" ? undefined : document.location.protocol),
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a header name
  xsrfHeaderName: "X-XSRF-TOKEN",
});

/** A call that would change something (a payment, an order, the cart), not made while offline. */
class RefusedOffline extends Error {
  constructor(readonly url: string) {
    super("offline"); // for the log; never shown
  }
}

// Offline, nothing that moves money or changes an order leaves the phone, and nothing is kept to be
// sent later: the visitor decides again once connected (docs/decisions/offline-reading.md). Reads
// go on: the service worker answers those it kept.
http.interceptors.request.use((config) => {
  if ((config.method ?? "get").toLowerCase() !== "get" && !isOnline()) throw new RefusedOffline(config.url ?? "");
  return config;
});

http.interceptors.response.use(undefined, async (cause: unknown) => {
  if (cause instanceof RefusedOffline) {
    // Its words came with the offline notice's (after the page): nothing to fetch offline.
    return Promise.reject(new ApiError(cause.message, cause.url, undefined, () => i18n._(REFUSED_OFFLINE)));
  }
  const error = toApiError(cause);
  // The words for the codes, in the page's language, before the failure reaches a screen; if
  // they cannot load either, the screen shows its own words.
  await ensureCatalog(errorCatalog).catch(() => undefined);
  if (error.response?.status === 401) reportUnauthorized(error);
  return Promise.reject(error);
});
