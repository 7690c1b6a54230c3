/**
 * The staff-only support desk's route module (/desk: its own login; no public header or footer,
 * never linked from the site), loaded only when /desk is visited (lib/route-module.tsx).
 */
import { pageModule } from "../../lib/route-module";
import { deskCatalog } from "./catalog";

export const { loader, Component } = pageModule(() => import("./pages/DeskPage"), deskCatalog);
