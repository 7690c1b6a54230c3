import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type ComplaintView = components["schemas"]["ComplaintView"];

/** GET /api/complaints: the borrower's complaints, newest first. */
export async function getComplaints(): Promise<ComplaintView[]> {
  const { data } = await api.get<ComplaintView[]>("/complaints");
  return data;
}

export const complaintsQuery = queryOptions({ queryKey: ["complaints"], queryFn: getComplaints });

export function useComplaints({ enabled }: { enabled: boolean }) {
  return useQuery({ ...complaintsQuery, enabled });
}
