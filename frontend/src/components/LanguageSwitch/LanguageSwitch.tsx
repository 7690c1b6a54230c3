import { useLingui } from "@lingui/react";
import { useState } from "react";
import { setSessionLanguage } from "../../api/set-language";
import { isLocale, switchLocale, type Locale } from "../../lib/i18n";
import { showToast } from "../../lib/toast";
import { SWITCH_NEEDS_NETWORK } from "../OfflineNotice/switch-words";
import { whenPageHydrated } from "../../lib/until-hydrated";
import styles from "./LanguageSwitch.module.css";

/** Each language named in itself, as every Indian site's switch does: a reader finds their own. */
const OTHER: Record<Locale, { locale: Locale; name: string }> = {
  en: { locale: "hi", name: "हिंदी" },
  hi: { locale: "en", name: "English" },
};

/**
 * The header's language switch: shows the app in the other language at once (its messages load
 * first), keeps the choice in the `lang` cookie, and tells the gateway, which keeps it in the
 * session for the texts it sends (SMS, mails, PDFs).
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { i18n } = useLingui();
  const [switching, setSwitching] = useState(false);
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : "en";
  const other = OTHER[current];

  const onSwitch = async () => {
    setSwitching(true);
    try {
      await whenPageHydrated();
      await switchLocale(other.locale);
      // The server's copy of the choice; the cookie already holds it if this call fails.
      void setSessionLanguage(other.locale).catch(() => undefined);
    } catch {
      // Its messages could not load: offline, on a visit that never had them (lib/offline-visit.ts
      // keeps them once the page is used). Said in the language still shown, never silent, in the
      // offline notice's words (its catalog is loaded once the page has been).
      showToast("error", SWITCH_NEEDS_NETWORK(other.name), { id: "language-switch" });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <button
      type="button"
      className={`${styles.switch} ${className}`}
      lang={other.locale}
      aria-busy={switching}
      disabled={switching}
      onClick={onSwitch}
    >
      {other.name}
    </button>
  );
}
