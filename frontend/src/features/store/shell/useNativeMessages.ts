import { useEffect, useRef } from "react";
import { errorStatus } from "../../../api/client";
import type { CartProduct } from "../../../components/storefront/store-state";
import { parseInbound, trustedOrigin, type NativeCartItem } from "../../../lib/native-bridge";
import { startNativeSession } from "../api/start-native-session";

/** The native app's messages to the web view: a login hand-over (the session read again), and items to add. */
export function useNativeMessages(add: (product: CartProduct) => Promise<void>, refresh: () => Promise<unknown>) {
  const latest = useRef({ add });
  useEffect(() => {
    latest.current = { add };
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
        void latest.current.add({ id: item.productId, productName: item.productName });
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [refresh]);
}
