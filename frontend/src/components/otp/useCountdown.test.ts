// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RESEND_SECONDS, clearCountdown, resendSeconds, startCountdown, useCountdown } from "./useCountdown";

const KEY = "otpTimeLeft";

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("resendSeconds", () => {
  it("is the gateway's interval, or the specification's 60 s when the gateway sets none", () => {
    expect(resendSeconds(30)).toBe(30);
    expect(resendSeconds(0)).toBe(RESEND_SECONDS);
    expect(RESEND_SECONDS).toBe(60);
  });
});

describe("useCountdown", () => {
  it("starts at the time the last send stored, and stores the time left every second", () => {
    startCountdown(30);
    const { result } = renderHook(() => useCountdown());
    expect(result.current.secondsLeft).toBe(30);
    // One tick a second: each tick schedules the next once the screen shows it.
    for (let second = 0; second < 3; second++) act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(27);
    expect(window.localStorage.getItem(KEY)).toBe("27");
  });

  it("starts at 60 s with nothing stored", () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.secondsLeft).toBe(60);
  });

  it("ignores a stored value that is not a positive whole number", () => {
    window.localStorage.setItem(KEY, "abc");
    expect(renderHook(() => useCountdown()).result.current.secondsLeft).toBe(60);
  });

  it("is cleared at 0", () => {
    startCountdown(2);
    const { result } = renderHook(() => useCountdown());
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(0);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("restarts from the gateway's interval after a resend, and clear() stops it", () => {
    startCountdown(1);
    const { result } = renderHook(() => useCountdown());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(0);
    act(() => result.current.restart(45));
    expect(result.current.secondsLeft).toBe(45);
    expect(window.localStorage.getItem(KEY)).toBe("45");
    act(() => result.current.clear());
    expect(result.current.secondsLeft).toBe(0);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });

  it("a new send replaces a stale countdown", () => {
    window.localStorage.setItem(KEY, "12");
    startCountdown(60);
    expect(window.localStorage.getItem(KEY)).toBe("60");
    clearCountdown();
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });
});
