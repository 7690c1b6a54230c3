import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "./i18n";
import { dayAndTime as orderTime, dayOf as orderDay, deliveryDay, timeOf } from "./dates";

describe("dates", () => {
  it("reads a timestamp in India's time, day first", () => {
    // 20:00 UTC is 01:30 the next day in India.
    expect(orderDay("2026-11-23T20:00:00+00:00")).toBe("24 Nov 2026");
    expect(orderTime("2026-11-23T06:30:00+00:00")).toMatch(/^23 Nov 2026, 12:00\s?pm$/i);
  });

  it("reads a plain date as that day in India", () => {
    expect(orderDay("2026-11-27")).toBe("27 Nov 2026");
  });

  it("writes a delivery day with its weekday and a time of day in India", () => {
    expect(deliveryDay("2026-11-30T04:30:00+00:00")).toBe("Mon 30 Nov");
    expect(timeOf(new Date("2026-11-30T02:30:00+00:00"))).toMatch(/^8:00\s?am$/i);
  });

  afterEach(() => activateLocale("en"));

  it("writes Hindi dates with the month in words and the hi locale's 12-hour clock, in Hindi", async () => {
    await activateLocale("hi");
    expect(orderDay("2026-11-26")).toBe("26 नवंबर 2026");
    expect(orderTime("2026-11-23T13:00:00+00:00")).toBe("23 नवंबर 2026 को शाम 6:30 बजे");
    expect(timeOf(new Date("2026-11-30T02:30:00+00:00"))).toBe("सुबह 8:00");
    expect(timeOf(new Date("2026-11-30T16:30:00+00:00"))).toBe("रात 10:00");
    expect(deliveryDay("2026-11-30T04:30:00+00:00")).toBe("सोमवार, 30 नवंबर");
  });
});
