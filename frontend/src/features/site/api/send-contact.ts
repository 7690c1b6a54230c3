import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { normalisePhone } from "../../../lib/form-rules";

export type ContactRequest = components["schemas"]["ContactRequest"];
type SiteAnswer = components["schemas"]["SiteAnswer"];

/** POST /api/site/contact: the message, mailed to support. */
export async function sendContact(body: ContactRequest): Promise<SiteAnswer> {
  const { data } = await api.post<SiteAnswer>("/site/contact", body);
  return data;
}

/** The contact form's send; a landline is sent with its STD code as one number. */
export function useSendContact() {
  return useMutation({ mutationFn: (body: ContactRequest) => sendContact({ ...body, phone: normalisePhone(body.phone) }) });
}
