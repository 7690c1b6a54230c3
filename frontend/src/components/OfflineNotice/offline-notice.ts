import { msg } from "@lingui/core/macro";
import { ensureCatalog, i18n, type Catalog } from "../../lib/i18n";
import styles from "./OfflineNotice.module.css";

/** These words' own catalog, loaded with this module after the page (the worker keeps both). */
export const offlineCatalog: Catalog = { name: "offline", load: (locale) => import(`./locales/${locale}.po`) };

/** The API client's words for a change refused offline (api/http.ts). */
export const REFUSED_OFFLINE = msg`You are offline, so nothing was sent. Please try again when you are connected.`;

const NOTICE = msg`You are offline. You are seeing what was saved on this phone from your last visit; paying and ordering will work again once you are connected.`;

/**
 * Says on every page, while the phone has no network, that what is shown is the copy kept from the
 * last visit and that nothing that pays or changes an order can be done until the network is back.
 * Plain DOM, outside the app's tree, loaded with src/lib/offline-visit.ts after the page: no code
 * of a first visit, nothing in the pre-rendered HTML (hydration is untouched).
 */
export async function followConnection(): Promise<void> {
  await ensureCatalog(offlineCatalog);
  let notice: HTMLDivElement | null = null;
  const show = () => {
    if (navigator.onLine !== false) {
      notice?.remove();
      notice = null;
      return;
    }
    notice ??= document.body.appendChild(document.createElement("div"));
    notice.setAttribute("role", "status");
    notice.className = styles.notice;
    notice.dataset.testid = "offline-notice";
    notice.textContent = i18n._(NOTICE); // in the page's language of the moment
  };
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  show();
}
