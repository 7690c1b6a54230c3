import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { api } from "../api/client";
import type { components } from "../api/schema";

export type Cart = components["schemas"]["CartView"];
export type CartLine = components["schemas"]["CartLineView"];

/** Amounts come as exact decimal strings ("0.00"), as the gateway writes them. */
export const EMPTY_CART: Cart = { items: [], count: 0, subtotal: "0.00", saving: "0.00" };

/** GET /api/store/cart: the logged-in shopper's cart. */
export async function getCart(): Promise<Cart> {
  const { data } = await api.get<Cart>("/store/cart");
  return data;
}

export const cartQuery = queryOptions({ queryKey: ["store", "cart"], queryFn: getCart });

export function useCart({ enabled }: { enabled: boolean }) {
  return useQuery({ ...cartQuery, enabled });
}

/** Every cart change shares this key, so pages can ask whether one is under way. */
export const CART_CHANGE = ["store", "cart", "change"];

/**
 * What every cart change does with the cache: a read in flight is cancelled (it could not show
 * the change), the answer (the whole new cart) is shown at once, and when the last of several
 * quick changes settles the cart is read again, so answers that crossed cannot leave it wrong.
 */
export function cartChange(queryClient: QueryClient) {
  return {
    mutationKey: CART_CHANGE,
    onMutate: () => queryClient.cancelQueries({ queryKey: cartQuery.queryKey, exact: true }),
    onSuccess: (cart: Cart) => queryClient.setQueryData(cartQuery.queryKey, cart),
    // Not awaited: the caller (its toast, the native app's ADD_TO_CART) goes on with the answer
    // at once, in the same turn as the count it shows, rather than after the second read.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: CART_CHANGE }) === 1) {
        void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey, exact: true });
      }
    },
  };
}
