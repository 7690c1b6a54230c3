import { describe, expect, it } from "vitest";
import { positionFor } from "./toast";

describe("positionFor", () => {
  it("opens away from the tap", () => {
    expect(positionFor({ y: 700 }, true, 844)).toBe("top-center");
    expect(positionFor({ y: 200 }, true, 844)).toBe("bottom-center");
    expect(positionFor({ y: 800 }, false, 900)).toBe("top-right");
    expect(positionFor({ y: 120 }, false, 900)).toBe("bottom-right");
  });

  it("without a tap (keyboard, the app's message): bottom on a phone, top right elsewhere", () => {
    expect(positionFor(null, true, 844)).toBe("bottom-center");
    expect(positionFor(null, false, 900)).toBe("top-right");
  });
});
