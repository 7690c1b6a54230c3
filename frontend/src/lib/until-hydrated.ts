/**
 * A pre-rendered page's form controls are `disabled` in its HTML and marked with this attribute
 * (frontend/scripts/prerender.mjs): typed into or clicked before React has hydrated them, the
 * input would never reach React's state, and a form would post natively.
 */
export const UNTIL_HYDRATED = "data-until-hydrated";

/**
 * `html` (a page's markup) with each form control that is not disabled already made disabled and
 * marked; run by the pre-renderer (frontend/scripts/prerender.mjs) on every page.
 */
export function markUntilHydrated(html: string): string {
  return html.replace(/<(input|button|select|textarea)\b(?![^>]*\sdisabled[\s=>])/g, `<$1 disabled="" ${UNTIL_HYDRATED}=""`);
}

/**
 * The ref for the element around a component's own form controls: React attaches it in the
 * commit that hydrates that component, so its controls come alive exactly when their code can
 * answer them. A lazily loaded part (the footer's newsletter form) stays disabled until its own
 * chunk has hydrated it, while the rest of the page is live already. On a page rendered in the
 * browser there is nothing marked and this does nothing.
 *
 * Put it on the closest element around the controls, never around a lazily loaded child: that
 * child's controls would come alive before their code.
 */
export function enableWhenHydrated(element: HTMLElement | null): void {
  if (!element) return;
  const marked = [...element.querySelectorAll(`[${UNTIL_HYDRATED}]`)];
  if (element.hasAttribute(UNTIL_HYDRATED)) marked.push(element);
  for (const control of marked) {
    control.removeAttribute("disabled");
    control.removeAttribute(UNTIL_HYDRATED);
  }
}

/**
 * Resolves once no control on the page is still waiting for its code: on a pre-rendered page, the
 * lazily loaded parts (the footer) hydrate after the rest. The language switch waits for it, as
 * Lingui's messages change in place: a part hydrating after the switch would render the other
 * language over the HTML's and React would throw the page's markup away.
 */
export function whenPageHydrated(): Promise<void> {
  const waiting = () => document.querySelector(`[${UNTIL_HYDRATED}]`) !== null;
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (waiting()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: [UNTIL_HYDRATED] });
  });
}
