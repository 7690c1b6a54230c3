import type { Catalog } from "../../lib/i18n";

/**
 * The QA console's messages. A staff tool in English only (issue 59): its English messages are
 * loaded whatever the page's language, so a tester whose app is in Hindi still reads the console.
 */
export const qaCatalog: Catalog = { name: "qa", load: () => import("./locales/en.po") };
