import type { Location } from "react-router";

/** Navigation state the login screens carry: where the shopper was, and the number typed. */
export interface LoginState {
  mobileNumber?: string;
  /** Path + query of the store page the shopper left for the login, e.g. `/products?category=fans`. */
  from?: string;
}

const LOGIN_SCREENS = /^\/(login|verifyotp)(?:[/?#]|$)/;

/** The page to return to after a login: a path of this app (never another site), not a login screen. */
export function returnPath(state: unknown): string | null {
  const from = (state as LoginState | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return null;
  return LOGIN_SCREENS.test(from) ? null : from;
}

/** State for a link to /login from the page at `location`. */
export function loginStateFrom(location: Pick<Location, "pathname" | "search">): LoginState {
  return { from: `${location.pathname}${location.search}` };
}
