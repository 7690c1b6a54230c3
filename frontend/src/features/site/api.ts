import { api } from "../../api/client";
import type { components } from "../../api/schema";

export type ContactRequest = components["schemas"]["ContactRequest"];
export type DeleteDataRequest = components["schemas"]["DeleteDataRequest"];
type SiteAnswer = components["schemas"]["SiteAnswer"];

export async function sendContact(body: ContactRequest): Promise<SiteAnswer> {
  const { data } = await api.post<SiteAnswer>("/site/contact", body);
  return data;
}

export async function sendDeleteData(body: DeleteDataRequest): Promise<SiteAnswer> {
  const { data } = await api.post<SiteAnswer>("/site/delete-data", body);
  return data;
}
