/**
 * The native app's web view bridge (formats documented in docs/store.md).
 *
 * In: window `message` events whose data is a JSON string or an object:
 *   { type: "userDataFromNative", data: { userId, token, verified } }
 *   { type: "addToCart", item: { productId, productName? } }
 * Out: JSON strings through window.ReactNativeWebView.postMessage (it carries strings only):
 *   { type: "ADD_TO_CART", item }   and   { action: "ChoosePaymentMethod", paymentType, mode, amount, data }
 */

export interface NativeUserData {
  userId: string;
  token: string;
  verified: boolean;
}

export interface NativeCartItem {
  productId: number;
  productName?: string;
}

export type InboundMessage =
  | { type: "userDataFromNative"; data: NativeUserData }
  | { type: "addToCart"; item: NativeCartItem };

interface WebViewHost {
  postMessage: (message: string) => void;
}

declare global {
  interface Window {
    ReactNativeWebView?: WebViewHost;
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
}

/** Read one inbound message; anything else (other scripts' messages, bad shapes) gives null. */
export function parseInbound(raw: unknown): InboundMessage | null {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const message = record(value);
  if (!message) return null;
  if (message.type === "userDataFromNative") {
    const data = record(message.data) ?? message;
    const userId = data.userId;
    const token = data.token;
    if ((typeof userId !== "string" && typeof userId !== "number") || typeof token !== "string" || !token) return null;
    return {
      type: "userDataFromNative",
      data: { userId: String(userId), token, verified: data.verified === true || data.verified === "true" },
    };
  }
  if (message.type === "addToCart") {
    const item = record(message.item) ?? record(message.data);
    const productId = Number(item?.productId ?? item?.id);
    if (!item || !Number.isInteger(productId) || productId <= 0) return null;
    const productName = typeof item.productName === "string" ? item.productName : undefined;
    return { type: "addToCart", item: { productId, productName } };
  }
  return null;
}

/** Messages from the web view host come without an origin or from this page itself. */
export function trustedOrigin(origin: string): boolean {
  return origin === "" || origin === window.location.origin;
}

export function inWebView(): boolean {
  return typeof window.ReactNativeWebView?.postMessage === "function";
}

export function postToNative(message: object): boolean {
  if (!inWebView()) return false;
  window.ReactNativeWebView!.postMessage(JSON.stringify(message));
  return true;
}

/** A product the cart holds now, as the app's own cart badge counts it. */
export interface AddedToCart {
  productId: number;
  productName: string;
  quantity: number; // the cart's quantity of it now
  distributorId: number | null;
}

/** Tells the app a product went into the cart (an add, or an order bought again). */
export function postAddedToCart(item: AddedToCart): boolean {
  return postToNative({ type: "ADD_TO_CART", item });
}
