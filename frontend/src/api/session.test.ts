// @vitest-environment jsdom
// The session the gateway writes into the page (gateway/spa/pages.py) is the first answer: a first visit
// asks the gateway nothing (and so does not load the API client); every re-read asks the gateway.
import { http, HttpResponse } from "msw";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { apiServer } from "../testing/api-server";
import { freshSessionQuery, sessionQuery, type SessionView } from "./session";

const SENT: SessionView = { portal: { verified: true, userName: "Ramesh", mobileNumber: "9876543210", owing: true }, store: null };
const NOW: SessionView = { portal: null, store: null };

function sendWithPage(view: SessionView): void {
  const element = document.createElement("script");
  element.id = "app-session";
  element.type = "application/json";
  element.textContent = JSON.stringify(view);
  document.head.append(element);
}

describe("the session", () => {
  afterEach(() => document.getElementById("app-session")?.remove());

  it("is first the one the page came with, then the gateway's", async () => {
    const asked: string[] = [];
    apiServer.use(
      http.get("/api/session", ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(NOW);
      }),
    );
    sendWithPage(SENT);
    const client = new QueryClient();
    expect(await client.fetchQuery(sessionQuery)).toEqual(SENT);
    expect(asked).toEqual([]);
    // A re-read after a login or logout: what the gateway says now, never the page's old answer.
    expect(await client.fetchQuery(freshSessionQuery)).toEqual(NOW);
    expect(asked).toHaveLength(1);
    expect(await new QueryClient().fetchQuery(sessionQuery)).toEqual(NOW);
    expect(asked).toHaveLength(2);
  });
});
