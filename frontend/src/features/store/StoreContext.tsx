import { useMemo, type ReactNode } from "react";
import { StoreContext, type StoreState } from "../../components/storefront/store-state";
import { useSession } from "../../lib/session";
import { useCartActions } from "./shell/useCartActions";
import { useCartView } from "./shell/useCartView";
import { useCatalogueLanguage } from "./shell/useCatalogueLanguage";
import { useLoginGate } from "./shell/useLoginGate";
import { useNativeMessages } from "./shell/useNativeMessages";

/**
 * The storefront's shared state (components/storefront/store-state.ts), put together: who is
 * logged in, the cart (its view and its changes), the login modal before an action, and the
 * native app's messages. Every storefront page, the store's and the ones composed into its shell
 * (checkout, credit), reads it with useStore.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { session, refresh } = useSession();
  const verified = session === null ? null : Boolean(session.store?.verified);
  const { cart, cartReady, busy, quantityOf } = useCartView(verified);
  const { openLogin, withLogin, dialog } = useLoginGate(verified, refresh);
  const { add, minus, remove, setTo, buyNow } = useCartActions(verified, quantityOf, openLogin);
  useNativeMessages(add, refresh);
  useCatalogueLanguage();

  const value = useMemo<StoreState>(
    () => ({ verified, cart, cartReady, busy, quantityOf, add, minus, remove, setTo, withLogin, buyNow }),
    [verified, cart, cartReady, busy, quantityOf, add, minus, remove, setTo, withLogin, buyNow],
  );

  return (
    <StoreContext.Provider value={value}>
      {children}
      {dialog}
    </StoreContext.Provider>
  );
}
