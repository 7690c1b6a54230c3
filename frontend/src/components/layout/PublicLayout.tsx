import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { Header } from "../Header/Header";

// Below the fold on every page: its code loads beside the page's (the pre-rendered HTML shows it
// meanwhile, and its newsletter field stays disabled until its own code has hydrated it).
const Footer = lazy(() => import("../Footer/Footer").then((m) => ({ default: m.Footer })));

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
