import { t } from "@lingui/core/macro";
import { useEffect, useState, useSyncExternalStore } from "react";
import { errorCode, errorStatus, type ApiErrorBody } from "../../api/client";

/**
 * A code request the gateway refused (429): how long until it will send again, so the OTP forms
 * count down instead of showing a generic error. One wait at a time, for one mobile number,
 * shared by every form on the page (the mobile step and the code step's Resend).
 */

/** 'resend': the resend interval (seconds); 'hourly': a per-number or per-client hourly cap (minutes). */
export type WaitKind = "resend" | "hourly";

interface SendWait {
  mobileNumber: string;
  /** When the gateway will accept a send again (ms since the epoch). */
  until: number;
  kind: WaitKind;
  /** The wait when it began, for the one announcement. */
  seconds: number;
}

// The gateway's error codes for its send limits (gateway/otp/limits.py).
const TOO_SOON = "otp_resend_too_soon";
const HOURLY_CAP = "otp_send_limit";

let current: SendWait | null = null;
const listeners = new Set<() => void>();

function publish(next: SendWait | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The wait a refused send calls for: seconds (the error's retryAfter) and which limit; null for any other error. */
export function refusedSend(error: unknown): { seconds: number; kind: WaitKind } | null {
  if (errorStatus(error) !== 429) return null;
  const body = (error as { response?: { data?: Partial<ApiErrorBody> & { error?: { retryAfter?: unknown } } } })
    .response?.data;
  const seconds = body?.error?.retryAfter;
  if (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds <= 0) return null;
  const code = errorCode(error);
  const kind: WaitKind = code === HOURLY_CAP ? "hourly" : code === TOO_SOON ? "resend" : seconds > 120 ? "hourly" : "resend";
  return { seconds, kind };
}

export function startSendWait(mobileNumber: string, seconds: number, kind: WaitKind, now: number = Date.now()) {
  publish({ mobileNumber, until: now + seconds * 1000, kind, seconds });
}

/** A code went out (or the page starts over): nothing to wait for. */
export function clearSendWait() {
  if (current !== null) publish(null);
}

/** The message for `secondsLeft` of a wait (in the page's language): seconds for the resend interval, minutes for an hourly cap. */
export function waitMessage(kind: WaitKind, secondsLeft: number): string {
  if (kind === "hourly" && secondsLeft >= 60) {
    const minutes = Math.ceil(secondsLeft / 60);
    return t`Too many OTP requests. Please wait ${minutes} min before asking for another code.`;
  }
  return t`Please wait ${secondsLeft} s before asking for another code.`;
}

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * The wait for `mobileNumber`, counting down once a second; null when there is none (or it ran
 * out, when it is forgotten so the form offers the send again).
 */
export function useSendWait(mobileNumber: string): { secondsLeft: number; kind: WaitKind; seconds: number } | null {
  // No wait is known while pre-rendering (or hydrating): a page starts with none.
  const wait = useSyncExternalStore(subscribe, () => current, () => null);
  const mine = wait !== null && wait.mobileNumber === mobileNumber ? wait : null;
  const [secondsLeft, setSecondsLeft] = useState(() => (mine ? secondsUntil(mine.until) : 0));

  useEffect(() => {
    if (!mine) return;
    const tick = () => {
      const left = secondsUntil(mine.until);
      setSecondsLeft(left);
      if (left <= 0 && current === mine) publish(null);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [mine]);

  return mine && secondsLeft > 0 ? { secondsLeft, kind: mine.kind, seconds: mine.seconds } : null;
}
