import { Outlet } from "react-router";
import { StoreFooter } from "./components/StoreFooter";
import { StoreProvider } from "./StoreContext";

/** Every storefront screen shares one cart, one login modal, the native app bridge and the footer back to the site. */
export function StoreShell() {
  return (
    <StoreProvider>
      <Outlet />
      <StoreFooter />
    </StoreProvider>
  );
}
