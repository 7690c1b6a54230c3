/**
 * The QA console's route module (/qa), loaded only when /qa is visited: the app's router names the
 * path and this module's import and nothing else (app/router.tsx), so no other page downloads a
 * byte of the console. React Router takes the route's Component and loader from it (a lazy route).
 * The gateway serves /qa only while an upstream is a mock; elsewhere it is the not-found page.
 */
import { ensureCatalog } from "../../lib/i18n";
import { qaCatalog } from "./catalog";

export { default as Component } from "./pages/QaConsolePage";

/** The console's messages before its first render. */
export async function loader(): Promise<null> {
  await ensureCatalog(qaCatalog);
  return null;
}
