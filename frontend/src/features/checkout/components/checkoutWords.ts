/**
 * The app's words for what the gateway sends as codes and figures on the checkout's screens: why
 * credit or cash on delivery cannot pay, what is wrong with a GSTIN, a pin code not served. The
 * upstreams' own texts are English data; the shopper reads these, in the page's language. Called
 * while rendering, so a change of language re-renders them.
 */
import { t } from "@lingui/core/macro";
import type { components } from "../../../api/schema";
import { i18n } from "../../../lib/i18n";
import { rupees } from "../../../lib/money";
import { placeName } from "../../../lib/place-names";

type Schemas = components["schemas"];

/** A pin code the store does not deliver to, with its place. */
export function notServiceableWords(place: Schemas["PincodeCheck"]): string {
  const { pincode } = place;
  const city = placeName(place.city, i18n.locale);
  const state = placeName(place.state, i18n.locale);
  return t`Sorry, we do not deliver to pin code ${pincode} (${city}, ${state}) yet.`;
}

/** Why credit cannot pay this order, or null when it can (or the gateway gave no reason). */
export function creditRefusalWords(credit: Schemas["CreditOffer"], total: string, productName: string): string | null {
  if (credit.offered) return null;
  switch (credit.reason) {
    case "noAccount":
      return t`You do not have a ${productName} Credit account yet. Please choose another way to pay.`;
    case "overdue": {
      const overdue = rupees(credit.overdue ?? "0.00");
      return t`You have an overdue amount of ${overdue}. Please repay it first.`;
    }
    case "overLimit": {
      const orderTotal = rupees(total);
      const available = rupees(credit.available ?? "0.00");
      return t`The order total ${orderTotal} is above your available credit of ${available}.`;
    }
    case "unchecked":
      return t`Credit cannot be checked right now. Please choose another way to pay.`;
    default:
      return credit.message ?? null;
  }
}

/** Why cash on delivery cannot take this order today (the day's cash limit), or null. */
export function cashRefusalWords(cash: Schemas["CashOffer"], total: string, productName: string): string | null {
  if (cash.offered) return null;
  const limit = rupees(cash.limit);
  const today = rupees(cash.usedToday);
  const orderTotal = rupees(total);
  return t`Cash on delivery is limited to ${limit} a day. With your cash orders today (${today}), this order of ${orderTotal} would go past it. Please pay online or with ${productName} Credit.`;
}

/** What is wrong with a GSTIN, by the gateway's code. */
export function gstinWords(check: Schemas["GstinCheck"]): string | null {
  if (check.valid) return null;
  const state = check.state ? placeName(check.state, i18n.locale) : "";
  switch (check.code) {
    case "gstin_check_digit":
      return t`This GSTIN's check digit is wrong. Please check it.`;
    case "gstin_wrong_state":
      return t`This GSTIN is registered in ${state}, not in the billing address's state. Please enter the business's GSTIN for that state.`;
    default:
      return t`Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV.`;
  }
}
