import { useMutation } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type DeleteDataRequest = components["schemas"]["DeleteDataRequest"];
type SiteAnswer = components["schemas"]["SiteAnswer"];

/** POST /api/site/delete-data: a request to delete the visitor's data, mailed to support. */
export async function sendDeleteData(body: DeleteDataRequest): Promise<SiteAnswer> {
  const { data } = await api.post<SiteAnswer>("/site/delete-data", body);
  return data;
}

export function useSendDeleteData() {
  return useMutation({ mutationFn: sendDeleteData });
}
