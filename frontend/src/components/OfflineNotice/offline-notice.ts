import { msg } from "@lingui/core/macro";
import { savedWhen } from "../../lib/dates";
import { ensureCatalog, i18n, type Catalog } from "../../lib/i18n";
import { forgetSavedReads, oldestSavedRead, onSavedRead } from "../../lib/saved-reads";
import styles from "./OfflineNotice.module.css";

/** These words' own catalog, loaded with this module after the page (the worker keeps both). */
export const offlineCatalog: Catalog = { name: "offline", load: (locale) => import(`./locales/${locale}.po`) };

/** The API client's words for a change refused offline (api/http.ts). */
export const REFUSED_OFFLINE = msg`You are offline, so nothing was sent. Please try again when you are connected.`;

// Short: a few lines on a 360 px phone, over the page's foot rather than pushing it.
const NOTICE = msg`You are offline: showing what this phone saved. Ordering and paying need the network.`;
const NOTICE_AT = (time: string) =>
  msg`Offline: saved at ${time}; prices, stock and delivery times may have changed. Ordering and paying need the network.`;

/** When what the page shows was read: the oldest answer read from the phone's copies, else the page's own copy. */
async function keptAt(): Promise<Date | null> {
  const read = oldestSavedRead();
  const page = await caches
    .match(location.href, { ignoreVary: true })
    .then((kept) => kept?.headers.get("Date"))
    .catch(() => undefined);
  const pageAt = page ? new Date(page) : null;
  if (pageAt === null || Number.isNaN(pageAt.getTime())) return read;
  return read === null || pageAt < read ? pageAt : read;
}

/**
 * Says on every page, while the phone has no network, that what is shown is the copy kept on the
 * phone, read when (so a price, a stock or a delivery time is not passed off as now), and that
 * nothing that pays or changes an order can be done until the network is back. Plain DOM, outside
 * the app's tree, loaded with src/lib/offline-visit.ts after the page: no code of a first visit,
 * nothing in the pre-rendered HTML (hydration is untouched). Fixed over the page's foot, so its
 * coming and going moves nothing on the page.
 */
export async function followConnection(): Promise<void> {
  await ensureCatalog(offlineCatalog);
  let notice: HTMLDivElement | null = null;
  const word = async () => {
    if (notice === null) return;
    const at = await keptAt();
    if (notice === null) return;
    // In the page's language of the moment.
    notice.textContent = at === null ? i18n._(NOTICE) : i18n._(NOTICE_AT(savedWhen(at)));
  };
  const show = () => {
    if (navigator.onLine !== false) {
      notice?.remove();
      notice = null;
      forgetSavedReads();
      return;
    }
    if (notice === null) {
      notice = document.body.appendChild(document.createElement("div"));
      notice.setAttribute("role", "status");
      notice.className = styles.notice;
      notice.dataset.testid = "offline-notice";
      notice.textContent = i18n._(NOTICE);
    }
    void word();
  };
  window.addEventListener("online", show);
  window.addEventListener("offline", show);
  onSavedRead(() => void word());
  // A switch of language (offline too, issue 53) words the notice anew in it.
  i18n.on("change", () => void word());
  show();
}
