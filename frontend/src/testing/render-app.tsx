/**
 * A page rendered as the browser renders it: the app's own tree (App, its providers and the
 * route table, lazy pages included) on an in-memory router at `path`, calling the mocked /api.
 */
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { App } from "../app/App";
import { appRoutes } from "../app/router";
import { i18n } from "../lib/i18n";
import { config } from "./gateway-answers";

export function renderApp(path: string, state?: unknown) {
  const router = createMemoryRouter(appRoutes(config), { initialEntries: [{ pathname: path, state }] });
  const navigate = (to: string, navState?: unknown) => void router.navigate(to, { replace: true, state: navState });
  render(
    <App config={config} navigate={navigate}>
      <RouterProvider router={router} />
    </App>,
  );
  /** Where the app is now (after its redirects). */
  return { path: () => router.state.location.pathname };
}

/**
 * One component with the server-state client and the languages the app gives it (no retries, as
 * the app's); the client is returned for a test that has one read made again on its own.
 */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rendered = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
  return { ...rendered, client };
}
