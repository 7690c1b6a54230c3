import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { takeSent } from "../lib/sent-data";
import { api } from "./client";
import type { components } from "./schema";

export type SessionView = components["schemas"]["SessionView"];
export type Group = "portal" | "store";

const EMPTY: SessionView = { portal: null, store: null };

/** The element the gateway writes the session into, in every page (gateway/spa/pages.py). */
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

/**
 * That re-read. A read sent before the login or logout (the service worker's re-read as it takes
 * the page over) is cancelled, not joined: React Query would hand back its answer, the old
 * session. The cancel is silent, so whoever awaited the older read gets this one's answer (a
 * cancel that reverts hands them the session of before).
 */
export const rereadSession = (client: QueryClient): Promise<SessionView> => {
  const options = client.defaultQueryOptions(freshSessionQuery);
  return client.getQueryCache().build(client, options).fetch(options, { cancelRefetch: true });
};

/** DELETE /api/session/{group}: the one login ended, both groups' (either group's Log out). */
export async function endSession(group: Group): Promise<void> {
  await api.delete(`/session/${group}`);
}
