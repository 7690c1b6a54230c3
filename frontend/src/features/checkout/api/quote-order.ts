import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/client";
import type { components } from "../../../api/schema";

export type CheckoutQuoteRequest = components["schemas"]["CheckoutQuoteRequest"];
export type CheckoutQuote = components["schemas"]["CheckoutQuote"];
export type PaymentMethod = CheckoutQuoteRequest["paymentMethod"];
export type CheckoutAddress = CheckoutQuoteRequest["address"];
export type BusinessDetails = NonNullable<CheckoutQuoteRequest["business"]>;

/** POST /api/checkout/quote: the cart priced by the orders service for this address (reads only). */
export async function quoteOrder(request: CheckoutQuoteRequest): Promise<CheckoutQuote> {
  const { data } = await api.post<CheckoutQuote>("/checkout/quote", request);
  return data;
}

/** The summary follows the address, business details and way to pay; null asks nothing yet. */
export function useQuote(request: CheckoutQuoteRequest | null) {
  return useQuery({
    queryKey: ["checkout", "quote", request],
    queryFn: () => quoteOrder(request as CheckoutQuoteRequest),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { keptOffline: false }, // a POST: the service worker's take-over does not ask it again
  });
}
