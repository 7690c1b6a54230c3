/**
 * How a delivery promise reads, on the store's cards and pages, the cart, the checkout and the
 * order page alike: the orders service's promise (oneHour, nextOpening, standard) and the dark
 * store's hours, worded in the page's language. Nothing here works a promise out.
 */
import { t } from "@lingui/core/macro";
import type { components } from "../../api/schema";
import { deliveryDay, timeOf } from "../../lib/dates";

type Promise = components["schemas"]["DeliveryPromiseView"];
type Hours = components["schemas"]["StoreHoursView"];

/** '07:00' (India's clock) as the page's language writes a time. */
function hourOf(hhmm: string): string {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO time in India
  return timeOf(new Date(`2026-01-01T${hhmm}:00+05:30`));
}

/**
 * 'Get it in 1 Hour', 'Closed: delivery by 8:00 am, Sat 28 Nov' (a one-hour area while its store
 * is closed), or the days. Short enough for one line of the 'Deliver to' bar on a 360 px phone.
 */
export function promiseWords(promise: Promise): string {
  if (promise.type === "oneHour") return t`Get it in 1 Hour`;
  if (promise.type === "nextOpening") {
    const time = timeOf(new Date(promise.latestBy));
    const day = deliveryDay(promise.latestBy);
    return t`Closed: delivery by ${time}, ${day}`;
  }
  const from = deliveryDay(promise.earliestBy);
  const to = deliveryDay(promise.latestBy);
  if (from === to) return t`Delivery by ${to}`;
  return t`Delivery between ${from} and ${to}`;
}

/** The dark store's hours: 'One-hour delivery 7:00 am to 10:00 pm (last order)'. */
export function hoursWords(hours: Hours): string {
  const opens = hourOf(hours.opensAt);
  const last = hourOf(hours.lastOrderAt);
  return t`1-hour delivery from ${opens} to ${last} every day`;
}
