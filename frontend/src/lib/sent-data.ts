/**
 * Answers the gateway wrote into the page's HTML as JSON script elements (gateway/spa/pages.py: who is
 * logged in; gateway/store/first_page.py: the store's categories), so the first render asks the
 * gateway nothing and the API client (axios) arrives with the first real call.
 */
const taken = new Set<string>();

/**
 * The answer in element `id`, once: the first caller gets it, later ones (a refresh after a login)
 * get undefined and ask the gateway. Undefined too when the page has none (`npm run dev`, or the
 * gateway could not read it) or it does not parse.
 */
export function takeSent<T>(id: string): T | undefined {
  if (taken.has(id) || typeof document === "undefined") return undefined;
  taken.add(id);
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
