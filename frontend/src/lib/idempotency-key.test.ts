import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { newIdempotencyKey, provesNothingDone } from "./idempotency-key";

const answered = (status: number, code: string) =>
  new ApiError(`Request failed with status code ${status}`, "/checkout/orders", { status, data: { error: { code, message: "x" } } });

describe("provesNothingDone", () => {
  it("is true only for a refusal, which placed nothing", () => {
    expect(provesNothingDone(answered(409, "quote_changed"))).toBe(true);
    expect(provesNothingDone(answered(422, "credit_refused"))).toBe(true);
    expect(provesNothingDone(answered(409, "order_in_progress"))).toBe(true);
  });

  it("is false for answers that may hide an order: 503, 504, the session store down, no answer", () => {
    expect(provesNothingDone(answered(503, "upstream_timeout"))).toBe(false);
    expect(provesNothingDone(answered(504, "deadline_exceeded"))).toBe(false);
    expect(provesNothingDone(answered(503, "session_store_unavailable"))).toBe(false);
    expect(provesNothingDone(new ApiError("Network Error", "/checkout/orders"))).toBe(false);
    expect(provesNothingDone(new Error("aborted"))).toBe(false);
  });
});

describe("newIdempotencyKey", () => {
  it("is a key the gateway accepts, new each time", () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
