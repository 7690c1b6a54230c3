import { msg } from "@lingui/core/macro";
import { delivery } from "./delivery";

/**
 * Company details and marketing figures: one place, read the same on every page.
 * The specification gives the credit limit in several versions (₹5 lakh, 10 lakh, 10 lacs);
 * we show one figure everywhere (see docs/decisions/company-figures.md).
 */
export const company = {
  // The registered name, the addresses and the officer's name: names, the same in any language.
  /* eslint-disable lingui/no-unlocalized-strings */
  legalName: "VoltKhata Trade Technologies Private Limited",
  supportEmail: "support@voltkhata.example",
  supportPhone: "+91 80 4000 1234",
  officeAddress: msg`4th Floor, Lakeview Business Park, Outer Ring Road, Bengaluru, Karnataka 560103`,
  grievanceOfficer: "Ananya Rao",
  grievanceEmail: "grievance@voltkhata.example",
  grievancePhone: "+91 80 4000 1299",
  /* eslint-enable lingui/no-unlocalized-strings */
  supportHours: msg`9:30 to 18:30, Monday to Friday, except public holidays`,
  grievanceHours: msg`10:00 to 19:00, Monday to Saturday`,
} as const;

export const figures = {
  creditLimit: msg`₹5 lakh`,
  savingsUpTo: "20%",
  pinCodes: delivery.pinCodes, // the orders service's own count (content/delivery.ts)
  brands: "50+",
  reviews: "10,000+",
  minimumAge: 18,
} as const;

export const social = [
  { name: "Facebook", href: "https://facebook.com/", icon: "/img/social/facebook.svg" },
  { name: "Instagram", href: "https://instagram.com/", icon: "/img/social/instagram.svg" },
  { name: "LinkedIn", href: "https://linkedin.com/", icon: "/img/social/linkedin.svg" },
  { name: "X", href: "https://x.com/", icon: "/img/social/x.svg" },
  { name: "YouTube", href: "https://youtube.com/", icon: "/img/social/youtube.svg" },
] as const;
