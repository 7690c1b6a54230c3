import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { api } from "../api/client";
import type { components } from "../api/schema";
import { takeSent } from "./sent-data";

export type SessionView = components["schemas"]["SessionView"];
export type Group = "portal" | "store";

const EMPTY: SessionView = { portal: null, store: null };

/** The element the gateway writes the session into, in every page (gateway/spa.py). */
const SESSION_ELEMENT = "app-session";

/** Who is logged in, as the gateway says now: the browser keeps no token, only this view. */
export async function getSession(): Promise<SessionView> {
  takeSent(SESSION_ELEMENT); // the page's answer is older than this one: never read after it
  try {
    const { data } = await api.get<SessionView>("/session");
    return data;
  } catch {
    return EMPTY; // no answer: treat as logged out rather than hold every page on a spinner
  }
}

/** The session the page came with (the first answer), else the gateway's. */
function sentOrGetSession(): Promise<SessionView> {
  const sent = takeSent<SessionView>(SESSION_ELEMENT);
  return sent ? Promise.resolve(sent) : getSession();
}

export const sessionQuery = queryOptions({ queryKey: ["session"], queryFn: sentOrGetSession, staleTime: Infinity });

/** A re-read after a login, a logout or an ended login: always the gateway's answer of now. */
export const freshSessionQuery = { ...sessionQuery, queryFn: getSession, staleTime: 0 };

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
  const refresh = useCallback(() => client.fetchQuery(freshSessionQuery), [client]);
  const logout = useCallback(
    async (group: Group) => {
      try {
        await api.delete(`/session/${group}`);
      } finally {
        // The pages and reads kept for offline reading are this visitor's: not the next one's.
        await import("./offline-copies").then((copies) => copies.forgetOfflineCopies()).catch(() => undefined);
        await refresh();
      }
    },
    [refresh],
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
