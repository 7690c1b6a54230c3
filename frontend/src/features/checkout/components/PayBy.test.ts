import { describe, expect, it } from "vitest";
import { timeLeft } from "./PayBy";

describe("timeLeft", () => {
  const payBy = new Date("2026-11-23T02:00:00Z");

  it("counts whole minutes up, so the last seconds still read as a minute", () => {
    expect(timeLeft(payBy, new Date("2026-11-23T01:30:00Z"))).toBe("30 minutes left");
    expect(timeLeft(payBy, new Date("2026-11-23T01:59:30Z"))).toBe("1 minute left");
  });

  it("says when the time is up", () => {
    expect(timeLeft(payBy, payBy)).toBe("the time to pay is up");
    expect(timeLeft(payBy, new Date("2026-11-23T02:05:00Z"))).toBe("the time to pay is up");
  });
});
