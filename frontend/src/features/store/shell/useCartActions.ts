import { msg } from "@lingui/core/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { errorCode, errorMessage } from "../../../api/client";
import { useDecrementLine } from "../../../cart/decrement-line";
import { cartQuery } from "../../../cart/get-cart";
import { useIncrementLine } from "../../../cart/increment-line";
import { useSetLineQuantity } from "../../../cart/set-line-quantity";
import type { CartProduct, StoreState } from "../../../components/storefront/store-state";
import { i18n } from "../../../lib/i18n";
import { postAddedToCart } from "../../../lib/native-bridge";
import { showToast } from "../../../lib/toast";
import { logCartFailure } from "./useCartView";

const QUANTITY_LIMIT = msg`You can have at most 999 of one product in your cart.`;

// A product the answer does not name (it always does): "Item added to cart!".
const ITEM = msg`Item`;
const REMOVED = (name: string) => msg`${name} removed from cart!`;
// One toast a product: tapping + again rewords it instead of stacking another.
const lineToast = (productId: number) => ({ autoClose: 3000, id: `cart-${productId}` });

// A tap that changed nothing says so, never silently: offline, the API client's own words (nothing
// was sent, nothing is queued); otherwise the error's words, or these.
const CART_NOT_CHANGED = msg`Your cart could not be changed. Please try again.`;

function cartFailed(what: string, error: unknown, productId: number) {
  logCartFailure(what, error);
  showToast("error", errorMessage(error, i18n._(CART_NOT_CHANGED)), lineToast(productId));
}

type CartActions = Pick<StoreState, "add" | "minus" | "remove" | "setTo" | "buyNow">;

/**
 * The cart's changes with what a shopper is told of each (a toast a product), the native app told
 * of an added item; logged out, adding asks for a login first (`openLogin`) and adds after it.
 */
export function useCartActions(
  verified: boolean | null,
  quantityOf: (productId: number) => number,
  openLogin: (action: () => void) => void,
): CartActions {
  const queryClient = useQueryClient();
  const { mutateAsync: increment } = useIncrementLine();
  const { mutateAsync: decrement } = useDecrementLine();
  const { mutateAsync: setQuantity } = useSetLineQuantity();

  const addNow = useCallback(
    async (product: CartProduct) => {
      try {
        const next = await increment(product.id);
        const line = next.items.find((i) => i.productId === product.id);
        const name = product.productName ?? line?.productName ?? i18n._(ITEM);
        showToast("success", i18n._(msg`${name} added to cart!`), lineToast(product.id));
        postAddedToCart({
          productId: product.id,
          productName: name,
          quantity: line?.quantity ?? 1,
          distributorId: line?.distributorId ?? null,
        });
      } catch (error) {
        // The refusals a shopper can act on: a line is full (999) or at the stock; others are logged only.
        if (errorCode(error) === "quantity_limit") showToast("error", errorMessage(error, i18n._(QUANTITY_LIMIT)), lineToast(product.id));
        else if (errorCode(error) === "out_of_stock") showToast("error", errorMessage(error, ""), lineToast(product.id));
        else cartFailed("add-to-cart", error, product.id);
      }
    },
    [increment],
  );

  const add = useCallback(
    async (product: CartProduct) => {
      if (verified) await addNow(product);
      else openLogin(() => void addNow(product));
    },
    [verified, addNow, openLogin],
  );

  const buyNow = useCallback(
    (product: CartProduct, then: () => void) => {
      const run = async () => {
        try {
          // The cart of this login (read now if a login has just happened), not the page's view of it.
          const current = await queryClient.ensureQueryData(cartQuery);
          if (!current.items.some((line) => line.productId === product.id)) await addNow(product);
        } catch (error) {
          logCartFailure("buy-now", error);
        }
        then();
      };
      if (verified) void run();
      else openLogin(() => void run());
    },
    [verified, queryClient, addNow, openLogin],
  );

  const minus = useCallback(
    async (product: CartProduct) => {
      // Nothing to take away without a user or at quantity 0.
      if (!verified || quantityOf(product.id) <= 0) return;
      try {
        const next = await decrement(product.id);
        const name = product.productName ?? next.items.find((i) => i.productId === product.id)?.productName ?? i18n._(ITEM);
        showToast("error", i18n._(REMOVED(name)), lineToast(product.id));
      } catch (error) {
        cartFailed("remove-from-cart", error, product.id);
      }
    },
    [verified, quantityOf, decrement],
  );

  const remove = useCallback(
    async (product: CartProduct) => {
      if (!verified) return;
      try {
        await setQuantity({ productId: product.id, quantity: 0 });
        showToast("error", i18n._(REMOVED(product.productName ?? i18n._(ITEM))), lineToast(product.id));
      } catch (error) {
        cartFailed("delete-from-cart", error, product.id);
      }
    },
    [verified, setQuantity],
  );

  const setTo = useCallback(
    async (product: CartProduct, quantity: number) => {
      if (!verified) return;
      try {
        await setQuantity({ productId: product.id, quantity });
      } catch (error) {
        if (errorCode(error) === "out_of_stock") showToast("error", errorMessage(error, ""), lineToast(product.id));
        else cartFailed("set-quantity", error, product.id);
      }
    },
    [verified, setQuantity],
  );

  return { add, minus, remove, setTo, buyNow };
}
