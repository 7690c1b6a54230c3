import { createContext, useContext } from "react";
import type { Cart } from "../../cart/get-cart";

/** A product as the cart's actions need it: its id, and its name for the toast when known. */
export interface CartProduct {
  id: number;
  productName?: string;
}

/**
 * What every storefront page shares, whichever feature it belongs to (the store, checkout,
 * credit): who is logged in, the cart and its actions, and the login asked for before an action.
 * The store's shell provides it (features/store/StoreContext.tsx); the pages read it with useStore.
 */
export interface StoreState {
  /** null while the gateway has not said yet who is logged in. */
  verified: boolean | null;
  cart: Cart;
  /** The cart has been read for the current login (or there is no login). */
  cartReady: boolean;
  /** A cart change is under way (pages show the loading overlay). */
  busy: boolean;
  quantityOf: (productId: number, fallback?: number) => number;
  add: (product: CartProduct) => Promise<void>;
  minus: (product: CartProduct) => Promise<void>;
  remove: (product: CartProduct) => Promise<void>;
  /** Set a line to `quantity` (the stock when it fell below the cart's). */
  setTo: (product: CartProduct, quantity: number) => Promise<void>;
  /** Run `action` now if logged in, else after a login in the modal. */
  withLogin: (action: () => void) => void;
  /** 'Buy Now': (after a login if needed) add one unless the product is already in the cart, then `then()`. */
  buyNow: (product: CartProduct, then: () => void) => void;
}

export const StoreContext = createContext<StoreState | null>(null);

export function useStore(): StoreState {
  const state = useContext(StoreContext);
  if (!state) throw new Error("useStore outside StoreProvider");
  return state;
}
