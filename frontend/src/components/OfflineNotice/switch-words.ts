import { msg } from "@lingui/core/macro";

/**
 * The header's switch, offline, to a language whose words this visit never loaded
 * (components/LanguageSwitch): in the offline notice's catalog, which is there offline, and in a
 * module of its own, so the switch on every first page carries a message id, not the notice's code.
 */
export const SWITCH_NEEDS_NETWORK = (name: string) =>
  msg`${name} needs the network the first time. Please try again when you are connected.`;
