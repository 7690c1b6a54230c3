import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { ensureCatalog } from "../../lib/i18n";
import { footerCatalog } from "../Footer/catalog";
import { Header } from "../Header/Header";

// Below the fold on every page: its code loads beside the page's (the pre-rendered HTML shows it
// meanwhile, and its newsletter field stays disabled until its own code has hydrated it), with
// its own messages.
const Footer = lazy(() =>
  Promise.all([import("../Footer/Footer"), ensureCatalog(footerCatalog)]).then(([m]) => ({ default: m.Footer })),
);

/** The public wrapper: header, main content, footer. */
export function PublicLayout() {
  return (
    <>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </>
  );
}
