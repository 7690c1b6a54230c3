import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { toast } from "react-toastify";
import { errorStatus } from "../../api/client";
import { useSession } from "../../app/session";
import {
  EMPTY_CART,
  decrementLine,
  fetchCart,
  incrementLine,
  setLineQuantity,
  startNativeSession,
  type Cart,
} from "./api";
import { LoginDialog } from "./components/LoginDialog";
import { parseInbound, postToNative, trustedOrigin, type NativeCartItem } from "./nativeBridge";

export interface CartProduct {
  id: number;
  productName?: string;
}

interface StoreState {
  /** null while the gateway has not said yet who is logged in. */
  verified: boolean | null;
  cart: Cart;
  /** The cart has been read for the current login (or there is no login). */
  cartReady: boolean;
  /** A cart call is under way (pages show the loading overlay). */
  busy: boolean;
  quantityOf: (productId: number, fallback?: number) => number;
  add: (product: CartProduct) => Promise<void>;
  minus: (product: CartProduct) => Promise<void>;
  remove: (product: CartProduct) => Promise<void>;
  /** Run `action` now if logged in, else after a login in the modal. */
  withLogin: (action: () => void) => void;
}

const StoreContext = createContext<StoreState | null>(null);

/** The storefront's shared state: the cart, the login modal and the native app bridge. */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { session, refresh } = useSession();
  const verified = session === null ? null : Boolean(session.store?.verified);
  const [cart, setCart] = useState<Cart>(EMPTY_CART);
  const [loaded, setLoaded] = useState(false);
  const [pending, setPending] = useState(0);
  const [loginOpen, setLoginOpen] = useState(false);
  const afterLogin = useRef<(() => void) | null>(null);
  // Only the newest cart answer is applied, so a slow read cannot undo a later change.
  const latest = useRef(0);

  const track = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    setPending((n) => n + 1);
    try {
      return await call();
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const apply = useCallback(async (call: () => Promise<Cart>): Promise<Cart | null> => {
    const seq = ++latest.current;
    const next = await call();
    if (seq === latest.current) setCart(next);
    return next;
  }, []);

  const onCartError = useCallback(
    async (what: string, error: unknown) => {
      // The specification only logs cart failures; an ended login asks for a new one.
      console.warn(`Store: ${what} failed`, errorStatus(error) ?? error);
      if (errorStatus(error) === 401) await refresh();
    },
    [refresh],
  );

  useEffect(() => {
    if (verified === null) return;
    if (!verified) {
      latest.current++;
      setCart(EMPTY_CART);
      setLoaded(true);
      return;
    }
    setLoaded(false);
    void apply(fetchCart)
      .catch((error) => onCartError("cart count", error))
      .finally(() => setLoaded(true));
  }, [verified, apply, onCartError]);

  const openLogin = useCallback((action: () => void) => {
    afterLogin.current = action;
    setLoginOpen(true);
  }, []);

  const addNow = useCallback(
    async (product: CartProduct) => {
      try {
        const next = await track(() => apply(() => incrementLine(product.id)));
        const line = next?.items.find((i) => i.productId === product.id);
        const name = product.productName ?? line?.productName ?? "Item";
        toast.success(`${name} added to cart!`, { autoClose: 3000 });
        postToNative({
          type: "ADD_TO_CART",
          item: {
            productId: product.id,
            productName: name,
            quantity: line?.quantity ?? 1,
            distributorId: line?.distributorId ?? null,
          },
        });
      } catch (error) {
        await onCartError("add to cart", error);
      }
    },
    [apply, track, onCartError],
  );

  const withLogin = useCallback(
    (action: () => void) => {
      if (verified) action();
      else openLogin(action);
    },
    [verified, openLogin],
  );

  const add = useCallback(
    async (product: CartProduct) => {
      if (verified) await addNow(product);
      else openLogin(() => void addNow(product));
    },
    [verified, addNow, openLogin],
  );

  const quantityOf = useCallback(
    (productId: number, fallback = 0) => {
      if (!loaded) return fallback;
      return cart.items.find((i) => i.productId === productId)?.quantity ?? 0;
    },
    [cart, loaded],
  );

  const minus = useCallback(
    async (product: CartProduct) => {
      // Nothing to take away without a user or at quantity 0.
      if (!verified || quantityOf(product.id) <= 0) return;
      try {
        const next = await track(() => apply(() => decrementLine(product.id)));
        const name = product.productName ?? next?.items.find((i) => i.productId === product.id)?.productName ?? "Item";
        toast.error(`${name} removed from cart!`, { autoClose: 3000 });
      } catch (error) {
        await onCartError("remove from cart", error);
      }
    },
    [verified, quantityOf, apply, track, onCartError],
  );

  const remove = useCallback(
    async (product: CartProduct) => {
      if (!verified) return;
      try {
        await track(() => apply(() => setLineQuantity(product.id, 0)));
        toast.error(`${product.productName ?? "Item"} removed from cart!`, { autoClose: 3000 });
      } catch (error) {
        await onCartError("delete from cart", error);
      }
    },
    [verified, apply, track, onCartError],
  );

  // The native app's messages: a login hand-over, and items to add.
  const state = useRef({ verified, add });
  state.current = { verified, add };
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!trustedOrigin(event.origin)) return;
      const message = parseInbound(event.data);
      if (!message) return;
      if (message.type === "userDataFromNative") {
        const { userId, token, verified: ok } = message.data;
        startNativeSession(userId, token, ok)
          .then(() => refresh())
          .catch((error) => console.warn("Store: the app's login was not accepted", errorStatus(error)));
      } else {
        const item: NativeCartItem = message.item;
        void state.current.add({ id: item.productId, productName: item.productName });
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [refresh]);

  const value = useMemo<StoreState>(
    () => ({ verified, cart, cartReady: loaded, busy: pending > 0, quantityOf, add, minus, remove, withLogin }),
    [verified, cart, loaded, pending, quantityOf, add, minus, remove, withLogin],
  );

  return (
    <StoreContext.Provider value={value}>
      {children}
      <LoginDialog
        open={loginOpen}
        onClose={() => {
          afterLogin.current = null;
          setLoginOpen(false);
        }}
        onVerified={() => {
          const action = afterLogin.current;
          afterLogin.current = null;
          setLoginOpen(false);
          void refresh().then(() => action?.());
        }}
      />
    </StoreContext.Provider>
  );
}

export function useStore(): StoreState {
  const state = useContext(StoreContext);
  if (!state) throw new Error("useStore outside StoreProvider");
  return state;
}
