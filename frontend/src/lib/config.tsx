import { createContext, useContext } from "react";
import { getConfig, type AppConfig } from "../api/get-config";

export type { AppConfig };

const ConfigContext = createContext<AppConfig | null>(null);

export const ConfigProvider = ConfigContext.Provider;

/** Settings from the gateway (product name, sign-in links, checkout adapter), loaded before first render. */
export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error("useConfig outside ConfigProvider");
  return config;
}

/** The gateway writes the configuration into the page (#app-config); /api/config is the fallback (e.g. `npm run dev`). */
export async function loadConfig(): Promise<AppConfig> {
  const inline = document.getElementById("app-config")?.textContent;
  if (inline) return JSON.parse(inline) as AppConfig;
  return getConfig();
}
