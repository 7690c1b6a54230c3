/**
 * Marketing copy of the home, credit, lender and about pages. Figures come from
 * content/company.ts so they read the same everywhere; names and quotes are our own.
 */
import { figures } from "../../../content/company";

export const merchantBenefits = [
  {
    title: "Instant Credit Limit",
    text: `Get a purchase credit limit of up to ${figures.creditLimit} with no collateral, approved online.`,
    image: "/img/site/benefit-credit.svg",
  },
  {
    title: "Lowest Market Prices",
    text: `Save up to ${figures.savingsUpTo} on wholesale prices from the distributors you already know.`,
    image: "/img/site/benefit-prices.svg",
  },
  {
    title: "Next-Day Delivery",
    text: `Doorstep delivery the next day across ${figures.pinCodes} pin codes in India.`,
    image: "/img/site/benefit-delivery.svg",
  },
  {
    title: "Order Anytime Anywhere",
    text: "Order by app, call, website, messaging app or in person, whenever suits your shop.",
    image: "/img/site/benefit-anytime.svg",
  },
] as const;

export const creditBenefits = [
  { title: "No interest or hidden fees", text: "Pay back what you bought, on time, and pay nothing more." },
  { title: "No collateral", text: "Your trade history is what counts, not property papers." },
  { title: "Flexible repayment", text: "Repay in 30 to 70 days depending on your plan, online." },
  { title: `Credit up to ${figures.creditLimit}`, text: "One limit for electricals, FMEG, wires, lights, fans and more." },
] as const;

export const enterpriseCards = [
  {
    title: "Embedded finance",
    text: "Offer credit to your buyers at onboarding, inside the ordering flow they already use.",
    image: "/img/site/enterprise-embedded.svg",
  },
  {
    title: "Lender APIs",
    text: "Partnered lenders decide, disburse and collect through clean, documented APIs.",
    image: "/img/site/enterprise-api.svg",
  },
  {
    title: "Distributor network",
    text: "Distributors and manufacturers sell more, get paid on approval and carry no credit risk.",
    image: "/img/site/enterprise-network.svg",
  },
  {
    title: "MSME products",
    text: "Working-capital products for small businesses, aligned with priority sector lending.",
    image: "/img/site/enterprise-msme.svg",
  },
] as const;

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  avatar: string;
}

export const homeTestimonials: Testimonial[] = [
  {
    quote: "Before the festive season I could stock twice the lights I used to. The credit came through in a day.",
    name: "Ramesh Kulkarni",
    role: "Electrical shop owner, Pune",
    avatar: "/img/site/avatar-1.svg",
  },
  {
    quote: "I order wires and switches on the phone at night and they reach my site the next morning.",
    name: "Farida Shaikh",
    role: "Electrical contractor, Hyderabad",
    avatar: "/img/site/avatar-2.svg",
  },
  {
    quote: "Prices are better than my old wholesaler and I repay after my customers pay me.",
    name: "Gurpreet Singh",
    role: "Hardware and electricals, Ludhiana",
    avatar: "/img/site/avatar-3.svg",
  },
  {
    quote: "No collateral, no running to the bank. My shop grew by three counters this year.",
    name: "Lakshmi Narayanan",
    role: "Retailer, Coimbatore",
    avatar: "/img/site/avatar-4.svg",
  },
];

/** The credit page's ten categories; `slug` is the store's category (`/products?category=`). */
export const categories = [
  { name: "PVC conduit pipes", slug: "pvc-conduit-pipes", image: "/img/site/category-pvc-conduit-pipes.svg" },
  { name: "Socket & Switchgears", slug: "socket-switchgear", image: "/img/site/category-socket-switchgear.svg" },
  { name: "Switches", slug: "switches", image: "/img/site/category-switches.svg" },
  { name: "Home Wires", slug: "home-wires", image: "/img/site/category-home-wires.svg" },
  { name: "Lamps & Bulbs", slug: "lamps-bulbs", image: "/img/site/category-lamps-bulbs.svg" },
  { name: "Home Door Bells", slug: "door-bells", image: "/img/site/category-door-bells.svg" },
  { name: "MCB & RCCB", slug: "mcb-rccb", image: "/img/site/category-mcb-rccb.svg" },
  { name: "LED Bulbs", slug: "led-bulbs", image: "/img/site/category-led-bulbs.svg" },
  { name: "Casing & Capping", slug: "casing-capping", image: "/img/site/category-casing-capping.svg" },
  { name: "Boxes and Enclosers", slug: "boxes-enclosures", image: "/img/site/category-boxes-enclosures.svg" },
] as const;

export const creditFlow = [
  { title: "Material dispatched", text: "The distributor dispatches your order and generates the invoice." },
  { title: "Invoice uploaded", text: "The invoice is uploaded to the platform for approval." },
  { title: "Invoice approved", text: "The lender approves the invoice and the trade is confirmed." },
  { title: "Distributor paid", text: "The lender pays the approved invoice to the distributor." },
  { title: "You repay", text: "You repay in 30 to 70 days, depending on your plan." },
].map((step, index) => ({ ...step, image: `/img/site/credit-flow-${index + 1}.svg` }));

// Names as drawn in the logos (made for this project, no real companies).
export const brands = ["Lumora", "Wirexa", "Switch", "Voltiva", "Fanzio", "Kirnika Lights", "Conduro Pipes & Fittings", "Glow"].map(
  (name, i) => ({ name, image: `/img/site/brand-${i + 1}.svg` }),
);

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

export const lenderWords = ["zero NPAs", "zero escalations", "zero loss", "zero bounce"] as const;

export const lenderFeatures = [
  {
    title: "Automated reminders",
    text: "Due-date nudges by SMS, e-mail and messaging app, in the borrower's language, before a payment slips.",
    image: "/img/site/feature-automation.svg",
  },
  {
    title: "Portfolio analytics",
    text: "See every bucket, every cohort and every field agent's day on one screen, updated live.",
    image: "/img/site/feature-analytics.svg",
  },
  {
    title: "Compliance built in",
    text: "Contact windows, consent and call recordings kept to the fair-practices code, with an audit trail.",
    image: "/img/site/feature-compliance.svg",
  },
  {
    title: "Faster recovery",
    text: "Payment links that settle instantly, so borrowers pay in one tap and cases close themselves.",
    image: "/img/site/feature-recovery.svg",
  },
] as const;

export const lenderCounters = [
  { value: 500, prefix: "Rs. ", suffix: " Cr", label: "collected through the platform" },
  { value: 50, prefix: "", suffix: "+", label: "brands and lenders on board" },
  { value: 10000, prefix: "", suffix: "+", label: "reviews from borrowers" },
  { value: 35, prefix: "", suffix: "%", label: "better collection efficiency" },
] as const;

export const lenderTestimonials: Testimonial[] = [
  {
    quote: "Our 30-plus bucket halved within a quarter, and our agents spend their time on the cases that need them.",
    name: "Head of Collections",
    role: "Non-bank lender, Mumbai",
    avatar: "/img/site/avatar-5.svg",
  },
  {
    quote: "Borrowers pay from the reminder itself. Bounced mandates are now an exception, not a routine.",
    name: "Chief Risk Officer",
    role: "MSME lender, Ahmedabad",
    avatar: "/img/site/avatar-6.svg",
  },
  {
    quote: "The audit trail made our last compliance review the easiest one we have had.",
    name: "Compliance Lead",
    role: "Microfinance institution, Kolkata",
    avatar: "/img/site/avatar-1.svg",
  },
];

export const team = [
  { name: "Meera Iyer", role: "Co-founder and CEO", avatar: "/img/site/avatar-2.svg" },
  { name: "Arjun Mehta", role: "Co-founder and CTO", avatar: "/img/site/avatar-3.svg" },
  { name: "Sana Qureshi", role: "Head of Credit", avatar: "/img/site/avatar-4.svg" },
  { name: "Vikram Das", role: "Head of Distributor Network", avatar: "/img/site/avatar-5.svg" },
] as const;

// Lending partners who back the platform's credit.
export const backers = clients.slice(4);

/** 'Trade in three simple steps' on the home page, as HTML steps that stack on a phone. */
export const tradeSteps = [
  { title: "Order goods", text: "Wires, fans, switches and more from the distributors you know." },
  { title: "Get credit", text: "Pay with the instant limit our partnered lenders give you." },
  { title: "Pay later", text: "Receive delivery the next day and repay in 30 to 70 days." },
] as const;

/** 'How it works' on the home page: from dispatch to repayment. */
export const howItWorks = [
  { title: "Distributor dispatches goods", text: "You order; the distributor dispatches on day 0." },
  { title: "Invoice uploaded", text: "The invoice reaches the platform for approval." },
  { title: "Approved by the lender", text: "The lender checks the invoice against your limit." },
  { title: "Distributor gets paid", text: "The lender pays the distributor on your behalf." },
  { title: "You repay", text: "You repay the lender in 30 to 70 days, online." },
] as const;
