import { describe, expect, it } from "vitest";
import { amountProblem } from "./amount";

const AMOUNT_ABOVE_ZERO = "Please enter an amount above 0.";

describe("amountProblem", () => {
  it("accepts an amount above 0 and up to what is owed", () => {
    expect(amountProblem(1000, 12450)).toBeNull();
    expect(amountProblem(12450, 12450)).toBeNull();
    expect(amountProblem(0.01, 12450)).toBeNull();
  });

  it("refuses 0, a negative amount and less than a paisa", () => {
    expect(amountProblem(0, 12450)).toBe(AMOUNT_ABOVE_ZERO);
    expect(amountProblem(-5, 12450)).toBe(AMOUNT_ABOVE_ZERO);
    expect(amountProblem(0.001, 12450)).toBe(AMOUNT_ABOVE_ZERO);
    expect(amountProblem(Number.NaN, 12450)).toBe(AMOUNT_ABOVE_ZERO);
  });

  it("refuses more than is owed, naming the overdue amount", () => {
    expect(amountProblem(20000, 12450)).toBe("The amount cannot be more than the overdue amount of ₹12,450.00.");
    expect(amountProblem(12450.01, 12450)).not.toBeNull();
  });

  it("compares in paise, so float sums owed exactly are accepted", () => {
    expect(amountProblem(0.1 + 0.2, 0.3)).toBeNull();
  });

  it("refuses a part-payment below the lender's minimum, and takes the minimum itself", () => {
    expect(amountProblem(50, 12450, "100.00")).toBe("The lender's minimum part-payment is ₹100.00.");
    expect(amountProblem(99.99, 12450, "100.00")).not.toBeNull();
    expect(amountProblem(100, 12450, "100.00")).toBeNull();
    expect(amountProblem(50, 12450, null)).toBeNull();
  });
});
