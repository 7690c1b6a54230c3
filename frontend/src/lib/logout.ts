import type { QueryClient } from "@tanstack/react-query";
import { endSession, sessionQuery, type Group, type SessionView } from "../api/session";
import { forgetOfflineCopies } from "./offline-copies";
import { holdTakeOver } from "./takeover-hold";

/** What a logout leaves: either group's Log out ends the one login, both groups' (gateway/sessions/controller.py). */
const LOGGED_OUT: SessionView = { portal: null, store: null };

/**
 * Log out (loaded at the first Log out, not with every page). Once the gateway has ended the login
 * the pages stop reading at once, their reads being enabled by the session: a read sent after the
 * logout (the service worker's first take-over re-reads the active ones) would be refused with a
 * 401, and a store login still shown would open the portal again. Not before the gateway answers:
 * a page left at once would still be logged in. The re-read then puts the gateway's word in place.
 */
export function logOut(client: QueryClient, group: Group, refresh: () => Promise<SessionView>): Promise<void> {
  const done = endLogin(client, group, refresh);
  holdTakeOver(done); // the worker's re-read of the pages' reads waits: they would be refused
  return done;
}

async function endLogin(client: QueryClient, group: Group, refresh: () => Promise<SessionView>): Promise<void> {
  try {
    await endSession(group);
    client.setQueryData(sessionQuery.queryKey, LOGGED_OUT);
  } finally {
    // The pages and reads kept for offline reading are this visitor's: not the next one's.
    await forgetOfflineCopies().catch(() => undefined);
    await refresh();
  }
}
