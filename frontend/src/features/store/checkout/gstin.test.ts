import { describe, expect, it } from "vitest";
import { gstinCheckDigit, gstinProblem } from "./gstin";

describe("GSTIN", () => {
  it("accepts a GSTIN whose check digit is right", () => {
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem(" 27aapfu0939f1zv ")).toBeNull();
    expect(gstinCheckDigit("06AAICV1234F1Z")).toBe("L");
  });

  it("refuses a wrong check digit and a wrong shape, saying which", () => {
    expect(gstinProblem("27AAPFU0939F1ZW")).toMatch(/check digit/);
    expect(gstinProblem("27AAPFU0939F1Z")).toMatch(/15-character/);
    expect(gstinProblem("27AAPFU0939F1AV")).toMatch(/15-character/);
  });
});
