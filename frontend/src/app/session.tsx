import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { api } from "../api/client";
import type { components } from "../api/schema";

export type SessionView = components["schemas"]["SessionView"];

interface SessionState {
  session: SessionView | null;
  /** Re-read the session from the gateway (after a login, logout or hand-over). */
  refresh: () => Promise<SessionView>;
  logout: (group: "portal" | "store") => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

const EMPTY: SessionView = { portal: null, store: null };

/** Who is logged in, as the gateway says: the browser keeps no token, only this view. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionView | null>(null);

  const refresh = useCallback(async () => {
    try {
      const { data } = await api.get<SessionView>("/session");
      setSession(data);
      return data;
    } catch {
      setSession(EMPTY);
      return EMPTY;
    }
  }, []);

  const logout = useCallback(
    async (group: "portal" | "store") => {
      try {
        await api.delete(`/session/${group}`);
      } finally {
        await refresh();
      }
    },
    [refresh],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(() => ({ session, refresh, logout }), [session, refresh, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSession outside SessionProvider");
  return state;
}
