import { LinguiContext } from "@lingui/react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { i18n } from "../lib/i18n";

/**
 * Lingui's context, renewed when the language changes, not when a catalog loads. Lingui's own
 * provider renews it on every load: a lazily loaded part's messages (the footer's, the home
 * sections') arriving while a pre-rendered page hydrates re-rendered the whole tree, and React gave
 * up hydrating a part still waiting for its code and drew it anew, blank meanwhile. A part
 * rendered after its catalog has loaded reads the messages as it renders.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState(i18n.locale);
  useEffect(() => {
    const follow = () => setLocale(i18n.locale);
    follow(); // a switch between the first render and this effect
    return i18n.on("change", follow);
  }, []);
  const value = useMemo(() => ({ i18n, _: i18n.t.bind(i18n), locale }), [locale]);
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}
