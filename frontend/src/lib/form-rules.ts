/**
 * The site forms' field rules, checked in the page before anything is sent. The messages are
 * the gateway's own (gateway/validation.py), so a field says the same thing whichever side
 * refuses it; each check returns them in the page's language.
 */
import { msg } from "@lingui/core/macro";
import { i18n } from "./i18n";

export const MESSAGES = {
  name: msg`Please enter your name (up to 100 characters).`,
  email: msg`Please enter a valid email address.`,
  mobile: msg`Please enter a valid 10-digit mobile number.`,
  phone: msg`Please enter a valid phone number: a 10-digit mobile, or a landline with its STD code.`,
  message: msg`Please enter a message (up to 5000 characters).`,
} as const;

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function nameError(value: string): string | undefined {
  return value.trim() && value.length <= 100 ? undefined : i18n._(MESSAGES.name);
}

export function emailError(value: string): string | undefined {
  return EMAIL.test(value) && value.length <= 254 ? undefined : i18n._(MESSAGES.email);
}

export function mobileError(value: string): string | undefined {
  return /^[6-9][0-9]{9}$/.test(value) ? undefined : i18n._(MESSAGES.mobile);
}

export function messageError(value: string): string | undefined {
  return value.trim() && value.length <= 5000 ? undefined : i18n._(MESSAGES.message);
}

/**
 * A phone number as people write it ('011-2345 6789', '+91 98765 43210') reduced to what the
 * gateway takes: a 10-digit number, or 11 digits when a landline's STD code keeps its 0.
 */
export function normalisePhone(value: string): string {
  const digits = value.replace(/[\s\-().]/g, "");
  return digits.replace(/^\+91(?=\d{10}$)/, "");
}

export function phoneError(value: string): string | undefined {
  return /^0?[1-9][0-9]{9}$/.test(normalisePhone(value)) ? undefined : i18n._(MESSAGES.phone);
}

/** The first field (in the form's order) that has an error, to move the focus to. */
export function firstError<T>(order: (keyof T)[], errors: FieldErrors<T>): keyof T | undefined {
  return order.find((field) => errors[field]);
}
