import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useIsMutating, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { i18n } from "../../lib/i18n";
import { showToast } from "../../lib/toast";
import { errorCode, errorMessage, errorStatus } from "../../api/client";
import { useSession } from "../../lib/session";
import { useDecrementLine } from "./api/decrement-line";
import { CART_CHANGE, EMPTY_CART, cartQuery, useCart, type Cart } from "./api/get-cart";
import { useIncrementLine } from "./api/increment-line";
import { useSetLineQuantity } from "./api/set-line-quantity";
import { startNativeSession } from "./api/start-native-session";
import { parseInbound, postAddedToCart, trustedOrigin, type NativeCartItem } from "./nativeBridge";

const QUANTITY_LIMIT = msg`You can have at most 999 of one product in your cart.`;

// A product the answer does not name (it always does): "Item added to cart!".
const ITEM = msg`Item`;
const REMOVED = (name: string) => msg`${name} removed from cart!`;
// One toast a product: tapping + again rewords it instead of stacking another.
const lineToast = (productId: number) => ({ autoClose: 3000, id: `cart-${productId}` });

// The login modal and its forms arrive when a shopper first needs it, not with every store page.
const LoginDialog = lazy(() => import("./components/LoginDialog").then((m) => ({ default: m.LoginDialog })));

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

const StoreContext = createContext<StoreState | null>(null);

/** The specification only logs cart failures; an ended login (401) is answered by the API client. */
function logCartFailure(what: string, error: unknown) {
  console.warn(`Store: ${what} failed`, errorStatus(error) ?? error);
}

// A tap that changed nothing says so, never silently: offline, the API client's own words (nothing
// was sent, nothing is queued); otherwise the error's words, or these.
const CART_NOT_CHANGED = msg`Your cart could not be changed. Please try again.`;

function cartFailed(what: string, error: unknown, productId: number) {
  logCartFailure(what, error);
  showToast("error", errorMessage(error, i18n._(CART_NOT_CHANGED)), lineToast(productId));
}

/** The storefront's shared state: the cart (server state, via its query), the login modal and the native app bridge. */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { session, refresh } = useSession();
  const queryClient = useQueryClient();
  const verified = session === null ? null : Boolean(session.store?.verified);
  const cartQueryState = useCart({ enabled: verified === true });
  const { mutateAsync: increment } = useIncrementLine();
  const { mutateAsync: decrement } = useDecrementLine();
  const { mutateAsync: setQuantity } = useSetLineQuantity();
  const busy = useIsMutating({ mutationKey: CART_CHANGE }) > 0;
  const [loginOpen, setLoginOpen] = useState(false);
  const [loginNeeded, setLoginNeeded] = useState(false);
  const afterLogin = useRef<(() => void) | null>(null);

  const cart = verified ? (cartQueryState.data ?? EMPTY_CART) : EMPTY_CART;
  // Read (or failed to read) for this login; logged out there is nothing to read.
  const loaded = verified === false || (verified === true && !cartQueryState.isPending);

  // The catalogue's words (details, categories, the cart's colours) come in the page's language:
  // after a switch, what is on screen is asked for again in the new one.
  const { i18n: lingui } = useLingui();
  const locale = lingui.locale;
  const shownLocale = useRef(locale);
  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    // The switch wrote the `lang` cookie the gateway reads before the app re-rendered in the
    // new language (lib/i18n switchLocale), so these calls ask in it.
    void queryClient.invalidateQueries({ queryKey: ["store"] });
  }, [locale, queryClient]);

  // A logout (or a login that ended) forgets the cart, so the next login reads its own.
  useEffect(() => {
    if (verified === false) queryClient.removeQueries({ queryKey: cartQuery.queryKey, exact: true });
  }, [verified, queryClient]);

  useEffect(() => {
    if (cartQueryState.isError) logCartFailure("cart-count", cartQueryState.error);
  }, [cartQueryState.isError, cartQueryState.error]);

  const openLogin = useCallback((action: () => void) => {
    afterLogin.current = action;
    setLoginNeeded(true);
    setLoginOpen(true);
  }, []);

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

  // The native app's messages: a login hand-over, and items to add.
  const state = useRef({ add });
  useEffect(() => {
    state.current = { add };
  }, [add]);
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
    () => ({ verified, cart, cartReady: loaded, busy, quantityOf, add, minus, remove, setTo, withLogin, buyNow }),
    [verified, cart, loaded, busy, quantityOf, add, minus, remove, setTo, withLogin, buyNow],
  );

  return (
    <StoreContext.Provider value={value}>
      {children}
      {loginNeeded && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </StoreContext.Provider>
  );
}

export function useStore(): StoreState {
  const state = useContext(StoreContext);
  if (!state) throw new Error("useStore outside StoreProvider");
  return state;
}
