import { createContext, useContext, type ComponentType } from "react";

export interface StoreHeaderProps {
  /** Show 'Back' to /product-home (detail and cart screens). */
  back?: boolean;
  /** Show the cart count link (every screen but the cart itself). */
  cartLink?: boolean;
  /** Show 'Deliver to' (browsing); off where an address of the page's own decides (checkout, an order). */
  deliveryArea?: boolean;
}

/** The storefront's header, handed down by the store's shell (it is the store's: its delivery area, its words). */
export const StoreHeaderContext = createContext<ComponentType<StoreHeaderProps> | null>(null);

/**
 * The storefront's header on a page of another feature (checkout, credit) that runs in the
 * store's shell: the shell provides it, so such a page never imports the store.
 */
export function StoreHeader(props: StoreHeaderProps) {
  const Header = useContext(StoreHeaderContext);
  if (!Header) throw new Error("StoreHeader outside the store's shell");
  return <Header {...props} />;
}
