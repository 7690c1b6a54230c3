import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";

// The login modal and its forms arrive when a shopper first needs it, not with every store page.
const LoginDialog = lazy(() => import("../components/LoginDialog").then((m) => ({ default: m.LoginDialog })));

export interface LoginGate {
  /** Open the login modal; `action` runs once the shopper has logged in (and the session is read again). */
  openLogin: (action: () => void) => void;
  /** Run `action` now if logged in, else after a login in the modal. */
  withLogin: (action: () => void) => void;
  /** The modal, to be rendered once by the shell (nothing until a login is first asked for). */
  dialog: ReactNode;
}

/** The login asked for before a cart action: the modal, and the action it runs after a login. */
export function useLoginGate(verified: boolean | null, refresh: () => Promise<unknown>): LoginGate {
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginNeeded, setLoginNeeded] = useState(false);
  const afterLogin = useRef<(() => void) | null>(null);

  const openLogin = useCallback((action: () => void) => {
    afterLogin.current = action;
    setLoginNeeded(true);
    setLoginOpen(true);
  }, []);

  const withLogin = useCallback(
    (action: () => void) => {
      if (verified) action();
      else openLogin(action);
    },
    [verified, openLogin],
  );

  const dialog = loginNeeded && (
    <Suspense fallback={null}>
      <LoginDialog
        open={loginOpen}
        onClose={() => {
          afterLogin.current = null;
          setLoginOpen(false);
        }}
        onVerified={() => {
          const action = afterLogin.current;
          afterLogin.current = null;
          setLoginOpen(false);
          void refresh().then(() => action?.());
        }}
      />
    </Suspense>
  );

  return { openLogin, withLogin, dialog };
}
