import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CurrentApplication = components["schemas"]["CurrentApplication"];

/** GET /api/credit/applications/current: the approval still open, kept by the gateway past a reload. */
export async function getCurrentApplication(): Promise<CurrentApplication> {
  const { data } = await api.get<CurrentApplication>("/credit/applications/current");
  return data;
}

export const currentApplicationQuery = queryOptions({
  queryKey: ["credit", "application"],
  queryFn: getCurrentApplication,
});

export function useCurrentApplication({ enabled }: { enabled: boolean }) {
  return useQuery({ ...currentApplicationQuery, enabled });
}
