import { describe, expect, it } from "vitest";
import { secondsLeft, timeLeft } from "./PayBy";

describe("timeLeft", () => {
  it("counts whole minutes up, so the last seconds still read as a minute", () => {
    expect(timeLeft(1800)).toBe("30 minutes left");
    expect(timeLeft(30)).toBe("1 minute left");
  });

  it("says when the time is up", () => {
    expect(timeLeft(0)).toBe("the time to pay is up");
    expect(timeLeft(-300)).toBe("the time to pay is up");
  });
});

describe("secondsLeft", () => {
  it("counts down from the gateway's seconds by the time since the order was read, whatever the device's clock says", () => {
    // A phone whose clock is 12 hours ahead of the world: only the 90 s since the answer count.
    const readAt = Date.parse("2026-11-23T14:00:00Z");
    expect(secondsLeft(1800, readAt, readAt + 90_000)).toBe(1710);
    expect(timeLeft(secondsLeft(1800, readAt, readAt + 90_000))).toBe("29 minutes left");
  });

  it("never counts up when the device's clock goes back", () => {
    const readAt = Date.parse("2026-11-23T14:00:00Z");
    expect(secondsLeft(1800, readAt, readAt - 3_600_000)).toBe(1800);
  });
});
