import { useMemo, useRef } from "react";
import { errorStatus } from "../api/client";

/** A fresh Idempotency-Key for one attempt (crypto.randomUUID needs a secure context; fall back to random bytes). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether a failed call proves nothing was done: only a refusal (4xx) does. A network error, a
 * 503 or 504 (an upstream late, the session store down) may hide an order that was made, so
 * its key is kept and sent again with the retry, which then answers that order.
 */
export function provesNothingDone(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

export interface AttemptKey {
  /** The key of the attempt under way, or a new one when none is. */
  current(): string;
  /** The call answered: a success or a refusal ends the attempt; any other failure keeps its key. */
  settle(error?: unknown): void;
}

/** One Idempotency-Key per attempt at an action, kept across retries until an answer settles it. */
export function useAttemptKey(): AttemptKey {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      current: () => (key.current ??= newIdempotencyKey()),
      settle: (error?: unknown) => {
        if (error === undefined || provesNothingDone(error)) key.current = null;
      },
    }),
    [],
  );
}
