import { Outlet } from "react-router";
import { StoreProvider } from "./StoreContext";
import "./store.css";

/** Every storefront screen shares one cart, one login modal and the native app bridge. */
export function StoreShell() {
  return (
    <StoreProvider>
      <Outlet />
    </StoreProvider>
  );
}
