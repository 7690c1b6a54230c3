// @vitest-environment jsdom
// A good login opens the desk even while a read of who is logged in, sent before it, is still on its
// way (the service worker's re-read as it takes the page over): the page's re-read after the login
// joined that read, whose refusal came after the login, and the form stayed up.
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigProvider } from "../../../lib/config";
import { i18n } from "../../../lib/i18n";
import { apiServer } from "../../../testing/api-server";
import { config } from "../../../testing/gateway-answers";
import DeskPage from "./DeskPage";

const REFUSED = { error: { code: "desk_login_required", message: "Log in to the desk." } };
let answerTheOldRead: () => void = () => undefined;

afterEach(() => answerTheOldRead());

describe("the desk's login", () => {
  it("opens the desk with the login's own answer while an older read of who is logged in is on its way", async () => {
    let reads = 0;
    apiServer.use(
      http.get("/api/desk/me", async () => {
        reads += 1;
        if (reads === 2) await new Promise<void>((resolve) => (answerTheOldRead = resolve));
        return HttpResponse.json(REFUSED, { status: 401 });
      }),
      http.post("/api/desk/login", () => HttpResponse.json({ name: "asha.agent", role: "agent" })),
      http.get("/api/desk/worklist", () => HttpResponse.json([])),
      http.get("/api/desk/reconciliation", () => HttpResponse.json(REFUSED, { status: 403 })),
      http.get("/api/desk/audit", () => HttpResponse.json([])),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <ConfigProvider value={config}>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={["/desk"]}>
              <DeskPage />
            </MemoryRouter>
          </QueryClientProvider>
        </I18nProvider>
      </ConfigProvider>,
    );
    fireEvent.change(await screen.findByLabelText("Staff name"), { target: { value: "asha.agent" } });
    fireEvent.change(screen.getByLabelText("Secret"), { target: { value: "agent-secret" } });
    // The service worker takes the page over and re-reads its active queries, as the app's providers do.
    void client.refetchQueries({ type: "active" }, { cancelRefetch: false });
    await waitFor(() => expect(reads).toBe(2));

    fireEvent.click(screen.getByRole("button", { name: "Log in" }));

    await screen.findByRole("button", { name: "Log out" });
    expect(screen.queryByLabelText("Secret")).toBeNull();
  });
});
