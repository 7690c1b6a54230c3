import { describe, expect, it } from "vitest";
import { isSet, namedFaults } from "./faults";

describe("a named fault is on exactly when the mocks have its scenarios", () => {
  const lenderDown = namedFaults().find((fault) => fault.id === "lender-down")!.scenarios[0]!;

  it("is on when the mocks answer with the scenario and its defaults filled in", () => {
    const answered = { ...lenderDown, method: "*", delayMs: 0, drop: false, after: false, probability: 1, times: null };
    expect(isSet(lenderDown, [answered])).toBe(true);
  });

  it("is off for another status, another mock, or a scenario whose times ran out", () => {
    expect(isSet(lenderDown, [{ ...lenderDown, status: 500 }])).toBe(false);
    expect(isSet(lenderDown, [{ ...lenderDown, mock: "fineract" }])).toBe(false);
    expect(isSet(lenderDown, [{ ...lenderDown, times: 0 }])).toBe(false);
    expect(isSet(lenderDown, [])).toBe(false);
  });
});
