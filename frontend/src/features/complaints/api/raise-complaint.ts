import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";
import { complaintsQuery, type ComplaintView } from "./get-complaints";

export type RaiseComplaintRequest = components["schemas"]["RaiseComplaintRequest"];
export type Category = RaiseComplaintRequest["category"];

/** POST /api/complaints: the complaint with its ticket number. */
export async function raiseComplaint(request: RaiseComplaintRequest): Promise<ComplaintView> {
  const { data } = await api.post<ComplaintView>("/complaints", request);
  return data;
}

export function useRaiseComplaint() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: raiseComplaint,
    onSettled: () => queries.invalidateQueries({ queryKey: complaintsQuery.queryKey, exact: true }),
  });
}
