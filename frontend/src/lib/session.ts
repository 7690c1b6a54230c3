import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { endSession, freshSessionQuery, sessionQuery, type Group, type SessionView } from "../api/session";

export type { Group, SessionView };

interface SessionState {
  /** null until the gateway has answered once. */
  session: SessionView | null;
  /** Re-read the session from the gateway (after a login, logout or hand-over). */
  refresh: () => Promise<SessionView>;
  logout: (group: Group) => Promise<void>;
}

export function useSession(): SessionState {
  const client = useQueryClient();
  const { data } = useQuery(sessionQuery);
  // A read sent before the login or logout (the service worker's re-read as it takes the page
  // over) is cancelled, not joined: React Query would hand back its answer, the old session.
  const refresh = useCallback(async () => {
    await client.cancelQueries({ queryKey: sessionQuery.queryKey });
    return client.fetchQuery(freshSessionQuery);
  }, [client]);
  const logout = useCallback(
    async (group: Group) => {
      // The group's pages stop reading at once (their reads are enabled by the session): a read
      // sent after the logout (the service worker's first take-over re-reads the active ones)
      // would be refused with a 401. The re-read below puts the gateway's answer in its place.
      client.setQueryData(sessionQuery.queryKey, (view) => view && { ...view, [group]: null });
      try {
        await endSession(group);
      } finally {
        // The pages and reads kept for offline reading are this visitor's: not the next one's.
        await import("./offline-copies").then((copies) => copies.forgetOfflineCopies()).catch(() => undefined);
        await refresh();
      }
    },
    [client, refresh],
  );
  return { session: data ?? null, refresh, logout };
}

interface Awaited {
  shows: (view: SessionView) => boolean;
  then: () => void;
}

/**
 * `after(shows, then)`: run `then` once this page's session shows what `shows` asks (a login just
 * made). A re-read's answer reaches the components a task after it resolves (the query cache
 * tells them in its own task), so a page opened at once could still read the old session: the
 * cart sent a shopper who had just logged in back to the login.
 */
export function useAfterSessionShows(): (shows: Awaited["shows"], then: Awaited["then"]) => void {
  const { session } = useSession();
  const [awaited, setAwaited] = useState<Awaited | null>(null);
  useEffect(() => {
    if (awaited === null || session === null || !awaited.shows(session)) return;
    setAwaited(null);
    awaited.then();
  }, [awaited, session]);
  return useCallback((shows, then) => setAwaited({ shows, then }), []);
}
