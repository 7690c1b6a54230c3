import { i18n } from "@lingui/core";
import { placeName } from "../../lib/place-names";
import type { SavedAddress } from "./api/list-addresses";

/** A saved address on one line, its city and state in the page's language (called while rendering). */
export function savedLabel(a: SavedAddress): string {
  return [a.name, a.address1, a.address2, placeName(a.city, i18n.locale), placeName(a.state, i18n.locale), a.pincode].filter(Boolean).join(", ");
}
