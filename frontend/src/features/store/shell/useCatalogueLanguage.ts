import { useLingui } from "@lingui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * The catalogue's words (details, categories, the cart's colours) come in the page's language:
 * after a switch, what is on screen is asked for again in the new one.
 */
export function useCatalogueLanguage() {
  const queryClient = useQueryClient();
  const { i18n: lingui } = useLingui();
  const locale = lingui.locale;
  const shownLocale = useRef(locale);
  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    // The switch wrote the `lang` cookie the gateway reads before the app re-rendered in the
    // new language (lib/i18n switchLocale), so these calls ask in it.
    void queryClient.invalidateQueries({ queryKey: ["store"] });
  }, [locale, queryClient]);
}
