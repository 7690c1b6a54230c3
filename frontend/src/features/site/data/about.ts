/** The about page's team, as messages; in the site's second catalog (loaded with its pages only). */
import { msg } from "@lingui/core/macro";

export const team = [
  { name: msg`Meera Iyer`, role: msg`Co-founder and CEO`, avatar: "/img/site/avatar-2.svg" },
  { name: msg`Arjun Mehta`, role: msg`Co-founder and CTO`, avatar: "/img/site/avatar-3.svg" },
  { name: msg`Sana Qureshi`, role: msg`Head of Credit`, avatar: "/img/site/avatar-4.svg" },
  { name: msg`Vikram Das`, role: msg`Head of Distributor Network`, avatar: "/img/site/avatar-5.svg" },
] as const;
