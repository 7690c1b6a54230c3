export interface FaqEntry {
  question: string;
  /** The answer's Markdown. */
  answer: string;
}

/** The FAQ file as its title and one entry per `## ` question. */
export function faqEntries(markdown: string): { title: string; entries: FaqEntry[] } {
  const [head, ...parts] = markdown.split(/^## /m);
  const title = head.replace(/^# /, "").trim();
  const entries = parts.map((part) => {
    const [question, ...rest] = part.split("\n");
    return { question: question.trim(), answer: rest.join("\n").trim() };
  });
  return { title, entries };
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
