import { api } from "./client";
import type { components } from "./schema";

export type AppConfig = components["schemas"]["ClientConfig"];

/** GET /api/config: the settings, when the page was not served with them (e.g. `npm run dev`). */
export async function getConfig(): Promise<AppConfig> {
  const { data } = await api.get<AppConfig>("/config");
  return data;
}
