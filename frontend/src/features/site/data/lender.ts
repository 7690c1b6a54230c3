/** The lender page's (/dpd) copy, as messages; in the site's second catalog (loaded with its pages only). */
import { msg } from "@lingui/core/macro";
import type { Testimonial } from "./marketing";

// Names as drawn in the logos (made for this project, no real companies): names, in any language.
/* eslint-disable lingui/no-unlocalized-strings -- the logos' names, as drawn in them */
export const clients = [
  "Sahyogkosh Finance",
  "Arthvik Capital",
  "Vittaroop Finserv",
  "Dhanvriksh Credit",
  "Pragatipath Finance",
  "Kuberlane Capital",
  "Samridhya Fincorp",
  "Udyamrise Capital",
].map((name, i) => ({ name, image: `/img/site/client-${i + 1}.svg` }));

/* eslint-enable lingui/no-unlocalized-strings */

// Lending partners who back the platform's credit (the about page).
export const backers = clients.slice(4);

export const lenderWords = [msg`zero NPAs`, msg`zero escalations`, msg`zero loss`, msg`zero bounce`] as const;

export const lenderFeatures = [
  {
    title: msg`Automated reminders`,
    text: msg`Due-date nudges by SMS, e-mail and messaging app, in the borrower's language, before a payment slips.`,
    image: "/img/site/feature-automation.svg",
  },
  {
    title: msg`Portfolio analytics`,
    text: msg`See every bucket, every cohort and every field agent's day on one screen, updated live.`,
    image: "/img/site/feature-analytics.svg",
  },
  {
    title: msg`Compliance built in`,
    text: msg`Contact windows, consent and call recordings kept to the fair-practices code, with an audit trail.`,
    image: "/img/site/feature-compliance.svg",
  },
  {
    title: msg`Faster recovery`,
    text: msg`Payment links that settle instantly, so borrowers pay in one tap and cases close themselves.`,
    image: "/img/site/feature-recovery.svg",
  },
] as const;

/** Each figure as a message around its number ({n}), which counts up on the page. */
export const lenderCounters = [
  { value: 500, figure: msg({ message: "₹{n} Cr" }), label: msg`collected through the platform` },
  { value: 50, figure: msg({ message: "{n}+" }), label: msg`brands and lenders on board` },
  { value: 10000, figure: msg({ message: "{n}+" }), label: msg`reviews from borrowers` },
  { value: 35, figure: msg({ message: "{n}%" }), label: msg`better collection efficiency` },
] as const;

export const lenderTestimonials: Testimonial[] = [
  {
    quote: msg`Our 30-plus bucket halved within a quarter, and our agents spend their time on the cases that need them.`,
    name: msg`Head of Collections`,
    role: msg`Non-bank lender, Mumbai`,
    avatar: "/img/site/avatar-5.svg",
  },
  {
    quote: msg`Borrowers pay from the reminder itself. Bounced mandates are now an exception, not a routine.`,
    name: msg`Chief Risk Officer`,
    role: msg`MSME lender, Ahmedabad`,
    avatar: "/img/site/avatar-6.svg",
  },
  {
    quote: msg`The audit trail made our last compliance review the easiest one we have had.`,
    name: msg`Compliance Lead`,
    role: msg`Microfinance institution, Kolkata`,
    avatar: "/img/site/avatar-1.svg",
  },
];
