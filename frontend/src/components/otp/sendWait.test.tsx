// @vitest-environment jsdom
import { act, renderHook, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { renderWithQueries } from "../../testing/render-app";
import { MobileForm } from "./MobileForm";
import { clearSendWait, refusedSend, startSendWait, useSendWait, waitMessage } from "./sendWait";

function refusal(status: number, error: Record<string, unknown>): ApiError {
  return new ApiError("refused", "/portal/otp", { status, data: { error } });
}

beforeEach(() => {
  vi.useFakeTimers();
  clearSendWait();
});

afterEach(() => {
  act(() => clearSendWait());
  vi.useRealTimers();
});

describe("refusedSend", () => {
  it("reads the gateway's retryAfter and tells the resend interval from the hourly caps", () => {
    const tooSoon = refusal(429, { code: "otp_resend_too_soon", message: "m", retryAfter: 42 });
    expect(refusedSend(tooSoon)).toEqual({ seconds: 42, kind: "resend" });
    const capped = refusal(429, { code: "otp_send_limit", message: "m", retryAfter: 3540 });
    expect(refusedSend(capped)).toEqual({ seconds: 3540, kind: "hourly" });
  });

  it("is null for other errors and for a 429 without a usable retryAfter", () => {
    expect(refusedSend(refusal(400, { code: "invalid_request", message: "m" }))).toBeNull();
    expect(refusedSend(refusal(429, { code: "otp_send_limit", message: "m" }))).toBeNull();
    expect(refusedSend(refusal(429, { code: "otp_send_limit", message: "m", retryAfter: "60" }))).toBeNull();
    expect(refusedSend(new Error("network"))).toBeNull();
  });
});

describe("waitMessage", () => {
  it("counts seconds for the resend interval and minutes for an hourly cap", () => {
    expect(waitMessage("resend", 42)).toBe("Please wait 42 s before asking for another code.");
    expect(waitMessage("hourly", 3540)).toBe(
      "Too many OTP requests. Please wait 59 min before asking for another code.",
    );
    expect(waitMessage("hourly", 61)).toContain("wait 2 min");
    expect(waitMessage("hourly", 59)).toBe("Please wait 59 s before asking for another code.");
  });
});

describe("useSendWait", () => {
  it("counts down for its number only, and ends at 0", () => {
    const { result } = renderHook(() => useSendWait("9876543210"));
    const other = renderHook(() => useSendWait("9123456780"));
    expect(result.current).toBeNull();
    act(() => startSendWait("9876543210", 3, "resend"));
    expect(result.current?.secondsLeft).toBe(3);
    expect(other.result.current).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current?.secondsLeft).toBe(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBeNull();
  });
});

describe("MobileForm", () => {
  it("shows the wait for the number in the field, counting down", () => {
    renderWithQueries(<MobileForm title="Pay Now" initialMobile="9876543210" onSubmit={() => undefined} />);
    expect(screen.queryByRole("timer")).toBeNull();
    act(() => startSendWait("9876543210", 45, "resend"));
    expect(screen.getByRole("timer").textContent).toBe("Please wait 45 s before asking for another code.");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("timer").textContent).toBe("Please wait 44 s before asking for another code.");
    expect(screen.getByRole("status").textContent).toBe("Please wait 45 s before asking for another code.");
  });
});
