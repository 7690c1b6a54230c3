export interface FaqEntry {
  question: string;
  /** The answer's Markdown. */
  answer: string;
}

/** Entries whose question or answer holds every word of the search (case-insensitive). */
export function searchFaq(entries: FaqEntry[], search: string): FaqEntry[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const text = `${entry.question} ${entry.answer}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
