// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { renderWithQueries } from "../../../testing/render-app";
import type { HoldView } from "../api/mocks";
import { ClockPanel } from "./ClockPanel";
import { HoldPanel } from "./HoldPanel";

const nobody: HoldView = { held: false, holder: null, since: null, until: null, secondsLeft: 0, you: null, yours: false };
const heldByAsha: HoldView = {
  held: true,
  holder: "asha.qa",
  since: "2026-12-03T07:43:00Z",
  until: "2026-12-03T08:43:00Z",
  secondsLeft: 3600,
  you: "ravi.qa",
  yours: false,
};

function theWorld(hold: HoldView) {
  apiServer.use(
    http.get("/_mocks/hold", () => HttpResponse.json(hold)),
    http.get("/_mocks/clock", () => HttpResponse.json({ now: "2026-12-03T07:50:00Z", today: "2026-12-03", offsetSeconds: 0 })),
    http.get("/_mocks/lending/dues", () => HttpResponse.json([])),
  );
}

afterEach(() => localStorage.clear());

describe("the hold on the shared world", () => {
  it("shows everyone who holds it and until when, and turns the clock's controls off with the reason", async () => {
    theWorld(heldByAsha);
    renderWithQueries(
      <>
        <HoldPanel />
        <ClockPanel />
      </>,
    );
    const told = await screen.findByText(/^Held by asha\.qa since/);
    expect(told.textContent).toContain("3 Dec 2026, 1:13:00 pm until 3 Dec 2026, 2:13:00 pm (India time)");
    const reason = await screen.findByText(/^asha\.qa holds the shared mocks until/);
    expect(reason.textContent).toContain("only they can change the world");
    expect((screen.getByRole("button", { name: "Move the clock" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Set the clock" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Take the hold" })).toBeNull();
  });

  it("asks for a name where no QA login gives one, takes the hold with it and says it is yours", async () => {
    theWorld(nobody);
    const asked: { tester: string | null; body: unknown }[] = [];
    apiServer.use(
      http.post("/_mocks/hold", async ({ request }) => {
        asked.push({ tester: request.headers.get("X-QA-Tester"), body: await request.json() });
        return HttpResponse.json({ ...heldByAsha, holder: "ravi.qa", yours: true, token: "t" });
      }),
    );
    renderWithQueries(
      <>
        <HoldPanel />
        <ClockPanel />
      </>,
    );
    expect(await screen.findByText(/^Nobody holds the mocks/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "ravi.qa" } });
    fireEvent.change(screen.getByLabelText("Hold for (minutes)"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Take the hold" }));
    expect(await screen.findByText(/^You \(ravi\.qa\) hold the shared mocks/)).toBeTruthy();
    expect(asked).toEqual([{ tester: "ravi.qa", body: { minutes: 30, name: "ravi.qa" } }]);
    expect(screen.getByRole("button", { name: "Release the hold" })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Move the clock" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
