import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { rereadSession, sessionQuery, type Group, type SessionView } from "../api/session";

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
  const refresh = useCallback(() => rereadSession(client), [client]);
  const logout = useCallback(
    (group: Group) => import("./logout").then((chunk) => chunk.logOut(client, group, refresh)),
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

/** How many times a login's re-read is asked before the page goes on without it. */
const LOGIN_READS = 2;

/**
 * `afterLogin(shows, then)`, once the gateway has answered a login: re-read the session, and run
 * `then` once this page shows what `shows` asks. A re-read can end without it (a read sent before
 * the login joined, or no answer: the session then reads as logged out), so it is asked again;
 * if the gateway never shows the login, `then` runs all the same: the next page asks for a login
 * rather than this one waiting for ever with the code entered.
 */
export function useAfterLogin(): (shows: Awaited["shows"], then: Awaited["then"]) => Promise<void> {
  const { refresh } = useSession();
  const afterSessionShows = useAfterSessionShows();
  return useCallback(
    async (shows, then) => {
      for (let read = 0; read < LOGIN_READS; read += 1) {
        const view = await refresh().catch(() => null);
        if (view !== null && shows(view)) return afterSessionShows(shows, then);
      }
      then();
    },
    [refresh, afterSessionShows],
  );
}
