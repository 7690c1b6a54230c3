import service from "../../../contracts/delivery-service.json";
import { indianDigits } from "../lib/indian-numbers";
import { placeName } from "../lib/place-names";

/**
 * What the store's delivery does, as the site's pages and policies say it: read from
 * contracts/delivery-service.json, the file the orders service computes every promise from
 * (docs/decisions/delivery-promise.md), so a page cannot promise what the service does not do.
 */
const [processingMin, processingMax] = service.standard.processingDays;
const [standardMin, standardMax] = service.standard.deliveryDays;

/** '07:00' (India's clock) as the language writes it: '7:00 am', or 'सुबह 7:00' (the hi locale's own
 * 12-hour clock with its part of the day; lib/dates.ts writes every other time the same way). */
export function figureTime(hhmm: string, locale: string): string {
  const hindi = locale === "hi";
  const format = new Intl.DateTimeFormat(hindi ? "hi-IN" : "en-IN", { hour: "numeric", minute: "2-digit", dayPeriod: hindi ? "short" : undefined, timeZone: "Asia/Kolkata" });
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an ISO moment in India
  return format.format(new Date(`2026-01-01T${hhmm}:00+05:30`));
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
    oneHourCities: delivery.oneHourCities.map((city) => placeName(city, locale)).join(", "),
    oneHourFrom: figureTime(delivery.opensAt, locale),
    oneHourUntil: figureTime(delivery.lastOrderAt, locale),
    processingDays: delivery.processingDays,
    standardDays: delivery.standardDays,
    shipDaysMin: delivery.shipDaysMin,
    shipDaysMax: delivery.shipDaysMax,
    shipStates: delivery.states.map((state) => placeName(state, locale)).join(", "),
    deliveryAttempts: delivery.attempts,
  };
}
