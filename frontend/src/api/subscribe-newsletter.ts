import { useMutation } from "@tanstack/react-query";
import { api } from "./client";
import type { components } from "./schema";

export type NewsletterRequest = components["schemas"]["NewsletterRequest"];

/** POST /api/site/newsletter (the footer's form, on every page, so shared rather than the site feature's). */
export async function subscribeNewsletter(body: NewsletterRequest): Promise<void> {
  await api.post("/site/newsletter", body);
}

export function useSubscribeNewsletter({ onSuccess }: { onSuccess: () => void }) {
  return useMutation({ mutationFn: subscribeNewsletter, onSuccess });
}
