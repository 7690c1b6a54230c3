import service from "../../../contracts/delivery-service.json";
import { indianDigits } from "../lib/indian-numbers";

/**
 * What the store's delivery does, as the site's pages and policies say it: read from
 * contracts/delivery-service.json, the file the orders service computes every promise from
 * (docs/decisions/delivery-promise.md), so a page cannot promise what the service does not do.
 */
const [processingMin, processingMax] = service.standard.processingDays;
const [standardMin, standardMax] = service.standard.deliveryDays;

/** '07:00' as a reader of the language writes it: '7:00 am', or Hindi's 24-hour '07:00'. */
export function figureTime(hhmm: string, locale: string): string {
  if (locale === "hi") return hhmm;
  const [hours, minutes] = hhmm.split(":").map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "am" : "pm"}`;
}

/** Rounded down to the hundred, Indian grouping: 8402 -> '8,400+'. */
function atLeast(count: number): string {
  const hundreds = Math.floor(count / 100) * 100;
  return `${indianDigits(hundreds)}+`;
}

export const delivery = {
  pinCodes: atLeast(service.serviceablePinCodes),
  oneHourCities: service.oneHour.cities,
  opensAt: service.oneHour.opensAt,
  lastOrderAt: service.oneHour.lastOrderAt,
  processingDays: `${processingMin}-${processingMax}`,
  standardDays: `${standardMin}-${standardMax}`,
  shipDaysMin: String(processingMin + standardMin),
  shipDaysMax: String(processingMax + standardMax),
  states: service.standard.stateNames,
  attempts: String(service.deliveryAttempts),
} as const;

/** The figures a page or policy may name, in `locale` ('en' or 'hi'): {pinCodes}, {oneHourCities}... */
export function deliveryValues(locale: string): Record<string, string> {
  return {
    pinCodes: delivery.pinCodes,
    oneHourCities: delivery.oneHourCities.join(", "),
    oneHourFrom: figureTime(delivery.opensAt, locale),
    oneHourUntil: figureTime(delivery.lastOrderAt, locale),
    processingDays: delivery.processingDays,
    standardDays: delivery.standardDays,
    shipDaysMin: delivery.shipDaysMin,
    shipDaysMax: delivery.shipDaysMax,
    shipStates: delivery.states.join(", "),
    deliveryAttempts: delivery.attempts,
  };
}
