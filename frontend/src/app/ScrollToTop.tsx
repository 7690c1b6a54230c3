import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Every route change starts at the top of the page. The first page is left where the browser
 * put it: a pre-rendered page can be scrolled before the app starts (public/start.js), and a
 * reload keeps its place. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
