import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseAmount, percentOff, plainRupees, rupees, toPaise } from "./money";

// The table the gateway's and the mocks' pytest read too (tests/unit/test_money_text.py).
const CASES: { amount: string; text: string }[] = JSON.parse(
  readFileSync(new URL("../../../contracts/money-text-cases.json", import.meta.url), "utf8"),
).cases;

describe("rupees", () => {
  it.each(CASES)("writes $amount as $text, as the gateway and the mocks do", ({ amount, text }) => {
    expect(rupees(amount)).toBe(text);
  });

  it("shows 2 decimals with Indian digit grouping", () => {
    expect(rupees(5356.92)).toBe("₹5,356.92");
    expect(rupees(125000)).toBe("₹1,25,000.00");
    expect(rupees(12450)).toBe("₹12,450.00");
    expect(rupees(50.84)).toBe("₹50.84");
    expect(rupees(0)).toBe("₹0.00");
  });

  it("is Intl's en-IN currency text, from paise to crores", () => {
    const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = ["0.01", "0.10", "5", "99.99", "100.00", "999.99", "1000", "12345.60", "123456.78", "1234567.89", "99999999.99", "-5.00", "-1234.50"];
    for (const amount of amounts) expect(rupees(amount)).toBe(intl.format(Number(amount)));
    for (const amount of [0.5, 7, 1999.99, 250000]) expect(rupees(amount)).toBe(intl.format(amount));
  });

  it("rounds to the paisa", () => {
    expect(rupees(0.1 + 0.2)).toBe("₹0.30");
    expect(rupees(1.005 * 100)).toBe("₹100.50");
  });
});

describe("plainRupees", () => {
  it("is the amount without symbol or grouping, as the native app reads it", () => {
    expect(plainRupees(125000)).toBe("125000.00");
    expect(plainRupees(0.1 + 0.2)).toBe("0.30");
  });

  it("keeps an API amount's exact digits (the cart's subtotal in ChoosePaymentMethod)", () => {
    expect(plainRupees("217.48")).toBe("217.48");
    expect(plainRupees("129200.00")).toBe("129200.00");
    expect(plainRupees("0.00")).toBe("0.00");
  });
});

describe("toPaise", () => {
  it("gives whole paise", () => {
    expect(toPaise(12450)).toBe(1245000);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(19.99)).toBe(1999);
  });
});

describe("parseAmount", () => {
  it("keeps a typed amount as its exact decimal string, with 2 decimals", () => {
    expect(parseAmount("2450")).toBe("2450.00");
    expect(parseAmount(" 99.5 ")).toBe("99.50");
    expect(parseAmount("0012.05")).toBe("12.05");
    expect(parseAmount(".5")).toBe("0.50");
    expect(parseAmount("7.")).toBe("7.00");
  });

  it("never goes through a JavaScript number", () => {
    // Each of these changes on its way through Number(): rounded, or written with an exponent.
    expect(parseAmount("90071992547409.93")).toBe("90071992547409.93");
    expect(parseAmount("1000000000000000000000")).toBe("1000000000000000000000.00");
    expect(parseAmount("0.10")).toBe("0.10");
  });

  it("reads anything else as 0, as the specification does, rather than rounding it into an amount", () => {
    expect(parseAmount("")).toBe("0.00");
    expect(parseAmount("abc")).toBe("0.00");
    expect(parseAmount("Infinity")).toBe("0.00");
    expect(parseAmount("1e3")).toBe("0.00");
    expect(parseAmount("-5")).toBe("0.00");
    expect(parseAmount("12.345")).toBe("0.00");
    expect(parseAmount("999.99999999999999999")).toBe("0.00"); // Number() makes it 1000
  });
});

describe("amounts from the API", () => {
  it("reads decimal strings digit by digit, never through float", () => {
    expect(toPaise("12450.00")).toBe(1245000);
    expect(toPaise("0.30")).toBe(30);
    expect(toPaise("0.1")).toBe(10);
    expect(toPaise("12345678.99")).toBe(1234567899);
    expect(toPaise("-5.50")).toBe(-550);
    expect(toPaise("10.005")).toBeNaN();
    expect(toPaise("abc")).toBeNaN();
  });

  it("shows them with Indian grouping", () => {
    expect(rupees("1234567.50")).toBe("₹12,34,567.50");
    expect(rupees("0.00")).toBe("₹0.00");
  });
});

describe("percentOff", () => {
  it("is the whole percent the price is below M.R.P.", () => {
    expect(percentOff(62, 50.84)).toBe(18);
    expect(percentOff("85.00", "76.50")).toBe(10);
  });

  it("is 0 at or above M.R.P., or without one", () => {
    expect(percentOff(7600, 7600)).toBe(0);
    expect(percentOff(0, 10)).toBe(0);
    expect(percentOff(100, 120)).toBe(0);
  });
});
