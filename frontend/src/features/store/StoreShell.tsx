import { Outlet } from "react-router";
import { StoreHeaderContext } from "../../components/storefront/StoreHeader";
import { StoreFooter } from "./components/StoreFooter";
import { StoreHeader } from "./components/StoreHeader";
import { StoreProvider } from "./StoreContext";

/**
 * Every storefront screen shares one cart, one login modal, the native app bridge, the store's
 * header (handed to the pages of checkout and credit, which never import the store) and the
 * footer back to the site.
 */
export function StoreShell() {
  return (
    <StoreProvider>
      <StoreHeaderContext.Provider value={StoreHeader}>
        <Outlet />
      </StoreHeaderContext.Provider>
      <StoreFooter />
    </StoreProvider>
  );
}
