import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { apiInUse, onUnauthorized, type LoginGroup } from "../api/client";
import { ConfigProvider, type AppConfig } from "../lib/config";
import { onFirstTakeOver } from "../lib/worker-takeover";
import { rereadSession, sessionQuery } from "../api/session";

/** Where each group's login starts. */
const LOGIN_PATH = { portal: "/paynow", store: "/login" } as const;

/** The store's login returns to the page the shopper was on (components/storefront/return-to.ts's `from`);
 * the portal's always starts again at /paynow, as the specification has it. */
function loginStateFor(group: LoginGroup): { from: string } | undefined {
  return group === "store" ? { from: `${window.location.pathname}${window.location.search}` } : undefined;
}

function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed call is shown at once, as before; the pages offer 'Try again' themselves.
      // Offline, a read is still asked (the service worker answers it from what it kept) rather
      // than paused; a change is never paused to be sent once the network is back (React Query's
      // default): it goes to the API client, which refuses it offline with a message.
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: "always" },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

interface AppProvidersProps {
  config: AppConfig;
  /** Client-side navigation for the 401 answer (the router's own navigate), with history state. */
  navigate: (path: string, state?: unknown) => void;
  children: ReactNode;
}

/** Config, server state and the one answer to an ended login, around the router. */
export function AppProviders({ config, navigate, children }: AppProvidersProps) {
  const [queryClient] = useState(newQueryClient);

  useEffect(
    () =>
      onUnauthorized((group) => {
        // The 401 is the proof that this group's login has ended: the session says so at once,
        // before the login page reads it (a login page that still sees the old login sends the
        // user on as logged in), then is re-read from the gateway.
        queryClient.setQueryData(sessionQuery.queryKey, (session) => session && { ...session, [group]: null });
        void rereadSession(queryClient);
        if (window.location.pathname !== LOGIN_PATH[group]) navigate(LOGIN_PATH[group], loginStateFor(group));
      }),
    [queryClient, navigate],
  );

  // The reads this page made before the service worker took it over, made again through it, so
  // it keeps those it may (the gateway's `private, no-cache` ones) for reading offline. A page that
  // has made none (its data came with the HTML, which the worker keeps) makes none now either.
  // A read asked by POST (a checkout's quote, an address check: `meta.keptOffline` false) is not:
  // the worker keeps no POST, and the checkout's quote asked again just as the order was placed
  // priced a cart already ordered (409, an error on the order's page).
  useEffect(
    // Not cancelling a read in flight: 'Load more' asked for then was lost to the read again of
    // the pages before it, and a cart's read after a change to the read of before it.
    () =>
      onFirstTakeOver(
        () =>
          void (
            apiInUse() &&
            queryClient.refetchQueries(
              { type: "active", predicate: (query) => query.meta?.keptOffline !== false },
              { cancelRefetch: false },
            )
          ),
      ),
    [queryClient],
  );

  return (
    <ConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
