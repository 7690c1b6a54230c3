import { describe, expect, it } from "vitest";
import { searchFaq } from "./faq-sections";

const entries = [
  { question: "How do I repay?", answer: "Go to the [Pay Now](/paynow) page." },
  { question: "How fast is delivery?", answer: "Within 1 hour from the store." },
];

describe("searchFaq", () => {
  it("finds questions by words of the question or the answer", () => {
    expect(searchFaq(entries, "pay now").map((e) => e.question)).toEqual(["How do I repay?"]);
    expect(searchFaq(entries, "HOUR store").map((e) => e.question)).toEqual(["How fast is delivery?"]);
  });

  it("keeps everything for an empty search and nothing for a miss", () => {
    expect(searchFaq(entries, "  ")).toHaveLength(2);
    expect(searchFaq(entries, "gold")).toHaveLength(0);
  });
});
