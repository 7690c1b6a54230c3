import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../api/client";
import type { components } from "../api/schema";

export type SessionView = components["schemas"]["SessionView"];
export type Group = "portal" | "store";

const EMPTY: SessionView = { portal: null, store: null };

/** Who is logged in, as the gateway says: the browser keeps no token, only this view. */
export async function getSession(): Promise<SessionView> {
  try {
    const { data } = await api.get<SessionView>("/session");
    return data;
  } catch {
    return EMPTY; // no answer: treat as logged out rather than hold every page on a spinner
  }
}

export const sessionQuery = queryOptions({ queryKey: ["session"], queryFn: getSession, staleTime: Infinity });

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
  const refresh = useCallback(() => client.fetchQuery({ ...sessionQuery, staleTime: 0 }), [client]);
  const logout = useCallback(
    async (group: Group) => {
      try {
        await api.delete(`/session/${group}`);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );
  return { session: data ?? null, refresh, logout };
}
