import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { ComplaintView } from "./get-complaints";

/** GET /api/complaints/{ticketNumber}: one complaint, with whether the Ombudsman is open to it. */
export async function getComplaint(ticketNumber: string): Promise<ComplaintView> {
  const { data } = await api.get<ComplaintView>(`/complaints/${encodeURIComponent(ticketNumber)}`);
  return data;
}

export function complaintQuery(ticketNumber: string) {
  return queryOptions({ queryKey: ["complaints", ticketNumber], queryFn: () => getComplaint(ticketNumber) });
}

export function useComplaint(ticketNumber: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...complaintQuery(ticketNumber), enabled });
}
