import type { I18n, MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { figures } from "../../../content/company";
import { creditTermValues } from "../../../content/credit-terms";
import { deliveryValues } from "../../../content/delivery";

/** The figures a site message may name ({creditLimit}, {pinCodes}...), in `i18n`'s language. */
export function figureValues(i18n: I18n): Record<string, string> {
  return {
    creditLimit: i18n._(figures.creditLimit),
    savingsUpTo: figures.savingsUpTo,
    pinCodes: figures.pinCodes,
    brands: figures.brands,
    reviews: figures.reviews,
    ...deliveryValues(i18n.locale),
    ...creditTermValues(),
  };
}

/** `say(message)`: a site message (data/marketing.ts) in the page's language, its figures filled in. */
export function useSay(): (message: MessageDescriptor) => string {
  const { i18n } = useLingui();
  const values = figureValues(i18n);
  return (message) => sayWith(i18n, message, values);
}

/** `message` in `i18n`'s language with `values` besides its own. */
export function sayWith(i18n: I18n, message: MessageDescriptor, values: Record<string, string>): string {
  return i18n._(message.id, { ...message.values, ...values }, { message: message.message });
}
