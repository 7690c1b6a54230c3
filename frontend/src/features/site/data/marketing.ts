/**
 * Marketing copy of the home page below its hero (the credit page's: credit.ts; the lender's: lender.ts;
 * the about page's: about.ts), as messages in a catalog of their own, loaded with those sections (each page says them in
 * the visitor's language). Figures come from content/company.ts so they read the same everywhere:
 * a message names them ({creditLimit}, {pinCodes}...) and components/figures.ts fills them in.
 * Names and quotes are our own.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export const merchantBenefits = [
  {
    title: msg`Instant Credit Limit`,
    text: msg({ message: "Get a purchase credit limit of up to {creditLimit} with no collateral, approved online." }),
    image: "/img/site/benefit-credit.svg",
  },
  {
    title: msg`Lowest Market Prices`,
    text: msg({ message: "Save up to {savingsUpTo} on wholesale prices from the distributors you already know." }),
    image: "/img/site/benefit-prices.svg",
  },
  {
    title: msg`Delivery You Can Plan On`,
    text: msg({
      message:
        "1-hour delivery in {oneHourCities} from {oneHourFrom} to {oneHourUntil}; elsewhere {shipDaysMin} to {shipDaysMax} business days, to {pinCodes} pin codes. Your pin code shows yours.",
    }),
    image: "/img/site/benefit-delivery.svg",
  },
  {
    title: msg`Order Anytime Anywhere`,
    text: msg`Order by app, call, website, messaging app or in person, whenever suits your shop.`,
    image: "/img/site/benefit-anytime.svg",
  },
] as const;

export const creditBenefits = [
  {
    title: msg({ message: "Interest-free for {interestFreeDays} days" }),
    text: msg({
      message: "Repay within {interestFreeDays} days and pay no interest. After that the lender charges {interestFrom} to {interestTo} a year (APR {aprFrom} to {aprTo}), with a processing fee of up to {processingFeeUpTo} of your limit: every charge is in your key fact statement first.",
    }),
  },
  { title: msg`No collateral`, text: msg`Your trade history is what counts, not property papers.` },
  {
    title: msg`Flexible repayment`,
    text: msg({ message: "Repay in {repaymentDaysFrom} to {repaymentDaysTo} days depending on your plan, online." }),
  },
  {
    title: msg({ message: "Credit up to {creditLimit}" }),
    text: msg`One limit for electricals, FMEG, wires, lights, fans and more.`,
  },
] as const;

export const enterpriseCards = [
  {
    title: msg`Embedded finance`,
    text: msg`Offer credit to your buyers at onboarding, inside the ordering flow they already use.`,
    image: "/img/site/enterprise-embedded.svg",
  },
  {
    title: msg`Lender APIs`,
    text: msg`Partnered lenders decide, disburse and collect through clean, documented APIs.`,
    image: "/img/site/enterprise-api.svg",
  },
  {
    title: msg`Distributor network`,
    text: msg`Distributors and manufacturers sell more, get paid on approval and carry no credit risk.`,
    image: "/img/site/enterprise-network.svg",
  },
  {
    title: msg`MSME products`,
    text: msg`Working-capital products for small businesses, aligned with priority sector lending.`,
    image: "/img/site/enterprise-msme.svg",
  },
] as const;

export interface Testimonial {
  quote: MessageDescriptor;
  /** A name (written in the page's script) or a job title (a lender's quote). */
  name: MessageDescriptor;
  role: MessageDescriptor;
  avatar: string;
}

export const homeTestimonials: Testimonial[] = [
  {
    quote: msg`Before the festive season I could stock twice the lights I used to. The credit came through in a day.`,
    name: msg`Ramesh Kulkarni`,
    role: msg`Electrical shop owner, Pune`,
    avatar: "/img/site/avatar-1.svg",
  },
  {
    quote: msg`I order wires and switches on the phone at night and they reach my site the next morning.`,
    name: msg`Farida Shaikh`,
    role: msg`Electrical contractor, Hyderabad`,
    avatar: "/img/site/avatar-2.svg",
  },
  {
    quote: msg`Prices are better than my old wholesaler and I repay after my customers pay me.`,
    name: msg`Gurpreet Singh`,
    role: msg`Hardware and electricals, Ludhiana`,
    avatar: "/img/site/avatar-3.svg",
  },
  {
    quote: msg`No collateral, no running to the bank. My shop grew by three counters this year.`,
    name: msg`Lakshmi Narayanan`,
    role: msg`Retailer, Coimbatore`,
    avatar: "/img/site/avatar-4.svg",
  },
];

// Names as drawn in the logos (made for this project, no real companies): names, in any language.
// eslint-disable-next-line lingui/no-unlocalized-strings -- the logos' names, as drawn in them
export const brands = ["Lumora", "Wirexa", "Switch", "Voltiva", "Fanzio", "Kirnika Lights", "Conduro Pipes & Fittings", "Glow"].map(
  (name, i) => ({ name, image: `/img/site/brand-${i + 1}.svg` }),
);


/** 'Trade in three simple steps' on the home page, as HTML steps that stack on a phone. */
export const tradeSteps = [
  { title: msg`Order goods`, text: msg`Wires, fans, switches and more from the distributors you know.` },
  { title: msg`Get credit`, text: msg`Pay with the instant limit our partnered lenders give you.` },
  { title: msg`Pay later`, text: msg({ message: "Receive your delivery and repay in {repaymentDaysFrom} to {repaymentDaysTo} days." }) },
] as const;

/** 'How it works' on the home page: from dispatch to repayment. */
export const howItWorks = [
  { title: msg`Distributor dispatches goods`, text: msg`You order; the distributor dispatches on day 0.` },
  { title: msg`Invoice uploaded`, text: msg`The invoice reaches the platform for approval.` },
  { title: msg`Approved by the lender`, text: msg`The lender checks the invoice against your limit.` },
  { title: msg`Distributor gets paid`, text: msg`The lender pays the distributor on your behalf.` },
  { title: msg`You repay`, text: msg({ message: "You repay the lender in {repaymentDaysFrom} to {repaymentDaysTo} days, online." }) },
] as const;
