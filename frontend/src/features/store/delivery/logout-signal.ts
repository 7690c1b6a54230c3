let scope = new AbortController();

/**
 * Aborted the moment the shopper taps Log out, before the logout is sent: work their login started
 * (reading their address book for the delivery pin code) stops there, instead of reaching the
 * gateway after the login has ended and being refused.
 */
export function untilLogout(): AbortSignal {
  return scope.signal;
}

export function loggingOut(): void {
  scope.abort();
  scope = new AbortController();
}
