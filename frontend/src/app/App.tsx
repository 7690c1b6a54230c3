import { lazy, StrictMode, Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";
import type { AppConfig } from "../lib/config";
import { LanguageProvider } from "./LanguageProvider";
import { onToastsWanted, toastsWanted } from "../lib/toast";
import { AppProviders } from "./providers";

/**
 * The container's code; offline, on a visit that never loaded it (so no copy was kept), it is
 * asked for again once the network is back, the toasts waiting meanwhile (lib/toast.ts says them
 * in plain DOM). A failed lazy import would otherwise throw out the whole app: a blank page.
 */
function loadToasts(): Promise<typeof import("./Toasts")> {
  return import("./Toasts").catch(
    () => new Promise((retry) => window.addEventListener("online", () => retry(loadToasts()), { once: true })),
  );
}

const Toasts = lazy(loadToasts);

/** The toast container, mounted with the first toast: never part of the pre-rendered HTML, and
 * react-toastify is no part of a visit that shows none. */
function LaterToasts() {
  // Always false until a toast is asked for, which only a tap or an answer does: long after
  // hydration, so the server's snapshot and the first client render agree.
  const mounted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

interface AppProps {
  config: AppConfig;
  navigate: (path: string, state?: unknown) => void;
  /** The router: RouterProvider in the browser, StaticRouterProvider when pre-rendering. */
  children: ReactNode;
}

/** The whole app around its router; the browser and the pre-renderer render the same tree. */
export function App({ config, navigate, children }: AppProps) {
  // The app has taken the page over (its first render is committed): <html data-app-live>, what
  // a script or a test outside the app can wait on before it acts on the page.
  useEffect(() => document.documentElement.setAttribute("data-app-live", ""), []);
  // A pre-rendered page's form controls come alive with the component that owns them, once that
  // component has hydrated (lib/until-hydrated.ts), not with the whole app: a lazily loaded part
  // hydrates later than the rest.
  return (
    <StrictMode>
      <LanguageProvider>
        <AppProviders config={config} navigate={navigate}>
          {children}
          <LaterToasts />
        </AppProviders>
      </LanguageProvider>
    </StrictMode>
  );
}
