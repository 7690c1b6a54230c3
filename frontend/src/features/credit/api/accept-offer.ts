import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { CreditLine } from "./list-lines";
import { linesQuery } from "./list-lines";

/** POST /api/credit/offers/{offerId}/accept: only on Key Facts read and acknowledged. */
export async function acceptOffer(offerId: string): Promise<CreditLine> {
  const { data } = await api.post<CreditLine>(`/credit/offers/${encodeURIComponent(offerId)}/accept`, {
    keyFactsAcknowledged: true,
  });
  return data;
}

export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    // The checkout's credit offer changes with a new line: its quote is read again.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: linesQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: ["checkout"] });
    },
  });
}
