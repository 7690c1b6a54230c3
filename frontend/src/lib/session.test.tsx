// @vitest-environment jsdom
// A logout stops the pages' reads as soon as the gateway has ended the login: the service worker's
// first take-over re-reads every active query, and a read of the borrower's repayment sent after the
// logout, before the session was read again, was refused (401).
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { api } from "../api/client";
import type { SessionView } from "../api/session";
import { apiServer } from "../testing/api-server";
import { useAfterLogin, useSession } from "./session";

const PORTAL: SessionView = { portal: { verified: true, userName: "Ramesh", mobileNumber: "9876543210", owing: true }, store: null };
const NOBODY: SessionView = { portal: null, store: null };

function usePaymentPage() {
  const state = useSession();
  const verified = Boolean(state.session?.portal?.verified);
  useQuery({ queryKey: ["portal", "repayment"], queryFn: () => api.get("/portal/repayment"), enabled: verified });
  return state;
}

describe("a logout", () => {
  it("turns the reads off once the gateway has ended the login, before the session is read again", async () => {
    let loggedIn = true;
    const repaymentReads: boolean[] = [];
    let answerTheReread: () => void = () => undefined;
    apiServer.use(
      http.get("/api/session", async () => {
        if (!loggedIn) await new Promise<void>((resolve) => (answerTheReread = resolve));
        return HttpResponse.json(loggedIn ? PORTAL : NOBODY);
      }),
      http.get("/api/portal/repayment", () => {
        repaymentReads.push(loggedIn);
        return loggedIn ? HttpResponse.json({}) : new HttpResponse(null, { status: 401 });
      }),
      http.delete("/api/session/portal", () => {
        loggedIn = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(["session"], PORTAL);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(usePaymentPage, { wrapper });
    await waitFor(() => expect(repaymentReads).toEqual([true]));

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.logout("portal");
    });
    // Logged out (both groups: one login) the moment the gateway says so, its re-read still on its way.
    await waitFor(() => expect(result.current.session).toEqual(NOBODY));
    await act(() => client.refetchQueries({ queryKey: ["portal"], type: "active" }, { cancelRefetch: false }));
    answerTheReread();
    await act(() => done);

    expect(repaymentReads).toEqual([true]);
    expect(result.current.session).toEqual(NOBODY);
  });
});

/**
 * A page whose session read is slow: the service worker's re-read as it takes the page over, sent
 * while logged out. `logIn()` makes the gateway's later answers logged in; `answerTheOldRead()`
 * lets that first read end (with the session of before).
 */
async function slowFirstRead() {
  const gateway = { loggedIn: false, reads: 0, answerTheOldRead: () => undefined as void };
  apiServer.use(
    http.get("/api/session", async () => {
      gateway.reads += 1;
      const now = gateway.loggedIn ? PORTAL : NOBODY;
      if (gateway.reads === 1) await new Promise<void>((resolve) => (gateway.answerTheOldRead = resolve));
      return HttpResponse.json(now);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["session"], NOBODY);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(useSession, { wrapper });
  void client.refetchQueries({ queryKey: ["session"] }, { cancelRefetch: false });
  await waitFor(() => expect(gateway.reads).toBe(1));
  return { gateway, client, result, logIn: () => (gateway.loggedIn = true) };
}

describe("a re-read of the session after a login", () => {
  it("is the gateway's answer of after the login, not that of a read sent before it", async () => {
    const { gateway, result, logIn } = await slowFirstRead();

    logIn(); // the borrower's code was verified
    const now = await act(() => result.current.refresh());
    gateway.answerTheOldRead();

    expect(now).toEqual(PORTAL);
    await waitFor(() => expect(result.current.session).toEqual(PORTAL));
  });

  it("is what an earlier waiter on the older read is handed too, not the session of before", async () => {
    const { gateway, client, result, logIn } = await slowFirstRead();
    // A page awaiting the slow read.
    const earlier = client.fetchQuery({ queryKey: ["session"], queryFn: () => Promise.resolve(NOBODY), staleTime: 0 });

    logIn();
    const now = await act(() => result.current.refresh());
    gateway.answerTheOldRead();

    expect(now).toEqual(PORTAL);
    await expect(earlier).resolves.toEqual(PORTAL);
    expect(gateway.reads).toBe(2);
  });
});

describe("after a login", () => {
  const render = (client: QueryClient) =>
    renderHook(() => ({ afterLogin: useAfterLogin(), session: useSession().session }), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });

  it("reads the session again when the first re-read ends without the login, then goes on", async () => {
    let reads = 0;
    apiServer.use(
      http.get("/api/session", () => {
        reads += 1;
        return reads === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json(PORTAL);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(["session"], NOBODY);
    const { result } = render(client);
    const went: (SessionView | null)[] = [];

    await act(() => result.current.afterLogin((view) => Boolean(view.portal?.verified), () => went.push(result.current.session)));

    await waitFor(() => expect(went).toHaveLength(1));
    expect(reads).toBe(2);
    expect(result.current.session).toEqual(PORTAL);
  });

  it("goes on all the same when the gateway never shows the login, rather than wait for ever", async () => {
    let reads = 0;
    apiServer.use(
      http.get("/api/session", () => {
        reads += 1;
        return HttpResponse.json(NOBODY);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(["session"], NOBODY);
    const { result } = render(client);
    let went = 0;

    await act(() => result.current.afterLogin((view) => Boolean(view.portal?.verified), () => (went += 1)));

    expect(went).toBe(1);
    expect(reads).toBe(2);
  });
});
