import { Outlet } from "react-router";

/** The storefront wrapper: no site header or footer, laid out for a phone or the app's web view. */
export function StoreLayout() {
  return (
    <main id="main" className="store-shell" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
