import { describe, expect, it } from "vitest";
import { faqEntries, searchFaq } from "./faq-sections";

const SOURCE = `# Frequently Asked Questions

## How do I repay?

Go to the [Pay Now](/paynow) page.

## How fast is delivery?

Within 1 hour from the store.
`;

describe("faqEntries", () => {
  it("splits the file into its title and questions", () => {
    const { title, entries } = faqEntries(SOURCE);
    expect(title).toBe("Frequently Asked Questions");
    expect(entries.map((e) => e.question)).toEqual(["How do I repay?", "How fast is delivery?"]);
    expect(entries[0].answer).toBe("Go to the [Pay Now](/paynow) page.");
  });
});

describe("searchFaq", () => {
  const { entries } = faqEntries(SOURCE);

  it("finds questions by words of the question or the answer", () => {
    expect(searchFaq(entries, "pay now").map((e) => e.question)).toEqual(["How do I repay?"]);
    expect(searchFaq(entries, "HOUR store").map((e) => e.question)).toEqual(["How fast is delivery?"]);
  });

  it("keeps everything for an empty search and nothing for a miss", () => {
    expect(searchFaq(entries, "  ")).toHaveLength(2);
    expect(searchFaq(entries, "gold")).toHaveLength(0);
  });
});
