// @vitest-environment jsdom
// The worker's first take-over re-reads every active read; during a logout those reads would be
// refused (401), so it waits for the logout, and for the page to be idle after it.
import { describe, expect, it } from "vitest";
import { holdTakeOver, takeOverMayRead } from "./takeover-hold";

function later<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("the take-over's re-read", () => {
  it("waits for a logout under way, and for one held while it waited, however they end", async () => {
    const logout = later<void>();
    holdTakeOver(logout.promise);
    let read = false;
    const reading = takeOverMayRead().then(() => (read = true));

    const second = later<void>();
    holdTakeOver(second.promise);
    logout.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toBe(false); // the second is still under way

    second.reject(new Error("the gateway did not answer"));
    await reading;
    expect(read).toBe(true);
  });

  it("reads at once, once idle, when nothing is held", async () => {
    await expect(takeOverMayRead()).resolves.toBeUndefined();
  });
});
