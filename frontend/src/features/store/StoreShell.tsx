import { Outlet } from "react-router";
import { StoreProvider } from "./StoreContext";

/** Every storefront screen shares one cart, one login modal and the native app bridge. */
export function StoreShell() {
  return (
    <StoreProvider>
      <Outlet />
    </StoreProvider>
  );
}
