import type { Locale } from "../lib/i18n";
import { api } from "./client";

/**
 * PUT /api/session/language: the session's copy of the reader's language, for the texts the
 * gateway sends (SMS, mails, PDFs). A call without a hook on purpose: the header's switch sends
 * it and forgets it (the `lang` cookie already holds the choice), and TanStack Query's mutation
 * machinery in the header would weigh on every page's first download (bench/bundle_budget).
 */
export async function setSessionLanguage(language: Locale): Promise<void> {
  await api.put("/session/language", { language });
}
