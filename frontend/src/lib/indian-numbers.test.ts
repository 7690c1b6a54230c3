import { describe, expect, it } from "vitest";
import { indianDigits } from "./indian-numbers";

const EN_IN = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

describe("indianDigits", () => {
  it("groups as en-IN does: three, then twos", () => {
    expect(indianDigits(0)).toBe("0");
    expect(indianDigits(999)).toBe("999");
    expect(indianDigits(1000)).toBe("1,000");
    expect(indianDigits(125000)).toBe("1,25,000");
    expect(indianDigits(12345678)).toBe("1,23,45,678");
    expect(indianDigits(-1234)).toBe("-1,234");
  });

  it("gives Intl's own text for every size of number", () => {
    const values = [0, 7, 42, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 123456789, 9007199254740991];
    for (const value of values) {
      expect(indianDigits(value)).toBe(EN_IN.format(value));
      if (value) expect(indianDigits(-value)).toBe(EN_IN.format(-value));
    }
  });
});
