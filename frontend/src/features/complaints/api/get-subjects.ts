import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type ComplaintSubjects = components["schemas"]["ComplaintSubjects"];

/** GET /api/complaints/subjects: the borrower's loans and payments a complaint can name. */
export async function getSubjects(): Promise<ComplaintSubjects> {
  const { data } = await api.get<ComplaintSubjects>("/complaints/subjects");
  return data;
}

export const subjectsQuery = queryOptions({ queryKey: ["complaints", "subjects"], queryFn: getSubjects });

export function useSubjects({ enabled }: { enabled: boolean }) {
  return useQuery({ ...subjectsQuery, enabled });
}
