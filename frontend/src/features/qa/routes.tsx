/**
 * The QA console's route module (/qa), loaded only when /qa is visited: the app's router names the
 * path and this module's import and nothing else (app/router.tsx), so no other page downloads a
 * byte of the console (lib/route-module.tsx). The gateway serves /qa only while an upstream is a
 * mock; elsewhere it is the not-found page.
 */
import { pageModule } from "../../lib/route-module";
import { qaCatalog } from "./catalog";

export const { loader, Component } = pageModule(() => import("./pages/QaConsolePage"), qaCatalog);
