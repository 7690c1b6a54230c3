import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { errorStatus } from "../../../api/client";
import { CART_CHANGE, EMPTY_CART, cartQuery, useCart, type Cart } from "../../../cart/get-cart";

export interface CartView {
  cart: Cart;
  /** The cart has been read for the current login (or there is no login). */
  cartReady: boolean;
  /** A cart change is under way (pages show the loading overlay). */
  busy: boolean;
  quantityOf: (productId: number, fallback?: number) => number;
}

/** The specification only logs cart failures; an ended login (401) is answered by the API client. */
export function logCartFailure(what: string, error: unknown) {
  console.warn(`Store: ${what} failed`, errorStatus(error) ?? error);
}

/** The logged-in shopper's cart as read from the gateway (empty when logged out), forgotten at a logout. */
export function useCartView(verified: boolean | null): CartView {
  const queryClient = useQueryClient();
  const cartQueryState = useCart({ enabled: verified === true });
  const busy = useIsMutating({ mutationKey: CART_CHANGE }) > 0;
  const cart = verified ? (cartQueryState.data ?? EMPTY_CART) : EMPTY_CART;
  // Read (or failed to read) for this login; logged out there is nothing to read.
  const cartReady = verified === false || (verified === true && !cartQueryState.isPending);

  // A logout (or a login that ended) forgets the cart, so the next login reads its own.
  useEffect(() => {
    if (verified === false) queryClient.removeQueries({ queryKey: cartQuery.queryKey, exact: true });
  }, [verified, queryClient]);

  useEffect(() => {
    if (cartQueryState.isError) logCartFailure("cart-count", cartQueryState.error);
  }, [cartQueryState.isError, cartQueryState.error]);

  const quantityOf = useCallback(
    (productId: number, fallback = 0) => {
      if (!cartReady) return fallback;
      return cart.items.find((i) => i.productId === productId)?.quantity ?? 0;
    },
    [cart, cartReady],
  );

  return { cart, cartReady, busy, quantityOf };
}
