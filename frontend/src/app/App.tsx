import { lazy, startTransition, StrictMode, Suspense, useEffect, useState, type ReactNode } from "react";
import type { AppConfig } from "../lib/config";
import { AppProviders } from "./providers";

const Toasts = lazy(() => import("./Toasts"));

/** The toast container, mounted after the first render: never part of the pre-rendered HTML. */
function LaterToasts() {
  // In a transition, not as a store's snapshot that differs from the server's: that re-renders
  // synchronously right after hydration, and any part of the page not hydrated yet with it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
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
  // A pre-rendered page's form controls come alive with the component that owns them, once that
  // component has hydrated (lib/until-hydrated.ts), not with the whole app: a lazily loaded part
  // hydrates later than the rest.
  return (
    <StrictMode>
      <AppProviders config={config} navigate={navigate}>
        {children}
        <LaterToasts />
      </AppProviders>
    </StrictMode>
  );
}
