import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** A Markdown page's heading (and document title), its description and, for a reader of another
 * language than the text's (English), what it says in short. */
export interface PageWords {
  title: MessageDescriptor;
  description?: MessageDescriptor;
  summary: MessageDescriptor;
}

/**
 * The Markdown pages: each one's text and its words. Loaded with the first of them, so the routes
 * in every first download carry only their paths. A text with a Hindi version (`hindi`) is shown
 * whole in Hindi to a Hindi reader; for the others a Hindi reader gets the heading and the summary
 * in Hindi above the English text, and is told the text is English.
 */
export const LEGAL_PAGES: Record<
  string,
  {
    source: () => Promise<{ default: string }>;
    /** The full text in Hindi, our own prose with every topic and figure of the English one. */
    hindi?: () => Promise<{ default: string }>;
    words: PageWords;
    app?: boolean;
  }
> = {
  "privacy-policy": {
    source: () => import("../../content/privacy-policy.md?raw"),
    hindi: () => import("../../content/privacy-policy.hi.md?raw"),
    words: {
      title: msg`Privacy and Lending Policy`,
      description: msg`How we collect, use, store and protect your personal data.`,
      summary: msg`We collect only what we need to give you credit and deliver your orders: your identity and KYC details, business and bank details, and how you use the app. We ask your consent first, store your data in India, share it only with our lending partners, credit bureaus and service providers who need it or where the law requires, and never sell it. You can ask us to delete your account.`,
    },
  },
  "landing-privacy-policy": {
    source: () => import("../../content/landing-privacy-policy.md?raw"),
    words: {
      title: msg`Privacy Notice`,
      description: msg`How this website handles the data you share with it.`,
      summary: msg`This website keeps what you type into its forms (your name, email, phone and message) only to answer you, and your email for the newsletter until you unsubscribe. Cookies keep the site working and count visits. Your data is stored in India and is never sold.`,
    },
  },
  "terms-and-conditions": {
    source: () => import("../../content/terms-and-conditions.md?raw"),
    hindi: () => import("../../content/terms-and-conditions.hi.md?raw"),
    words: {
      title: msg`Terms and Conditions`,
      description: msg`The terms for using the platform, the store and credit.`,
      summary: msg`These terms apply when you use the platform, order from the store or take credit. You must be 18 or older and give true details. Credit is given by our lending partners on their own terms, and you must repay on time. Orders, cancellations, deliveries and refunds follow the policies linked on this site.`,
    },
  },
  "cancellation-and-refunds": {
    source: () => import("../../content/cancellation-and-refunds.md?raw"),
    words: {
      title: msg`Cancellation and Refunds Policy`,
      description: msg`How to cancel an order, return an item and when your money comes back.`,
      summary: msg`You can cancel an order while the Cancel option shows in My Orders. A refund goes back to the way you paid, and credit used for the order returns to your limit. Returns and the time each kind of refund takes are explained below.`,
    },
  },
  "grievance-redressal": {
    source: () => import("../../content/grievance-redressal.md?raw"),
    hindi: () => import("../../content/grievance-redressal.hi.md?raw"),
    words: {
      title: msg`Grievance Redressal`,
      description: msg`How to raise a complaint and who the grievance officer is.`,
      summary: msg`For a complaint, first contact customer support. If it is not resolved, write to our Grievance Officer, whose name, email and phone number are given below. We acknowledge every complaint and tell you the timeline for resolving it; complaints about credit can also go to the lending partner. A borrower can raise a complaint about a loan online, on the Complaints page, and follow it by its ticket number.`,
    },
  },
  "shipping-policy": {
    source: () => import("../../content/shipping-policy.md?raw"),
    words: {
      title: msg`Shipping Policy`,
      description: msg`Delivery times, charges and areas for orders and the one-hour store.`,
      summary: msg`Where we deliver and how fast, as the store's pin-code choice shows it: within the hour only in the listed cities during the dark stores' hours, elsewhere by courier in business days. Charges, tracking, delivery attempts and what to do about a damaged or late order are explained below.`,
    },
  },
  AboutUs_MobileApp: {
    source: () => import("../../content/about-mobile.md?raw"),
    words: {
      title: msg`About us`,
      summary: msg({
        message: "We help electrical shops, contractors and electricians buy stock on credit from the distributors they know, with repayment in {repaymentDaysFrom} to {repaymentDaysTo} days, through our partnered lenders.",
      }),
    },
    app: true,
  },
  privacyPolicy_MobileApp: {
    source: () => import("../../content/privacy-policy.md?raw"),
    hindi: () => import("../../content/privacy-policy.hi.md?raw"),
    words: {
      title: msg`Privacy and Lending Policy`,
      summary: msg`We collect only what we need to give you credit and deliver your orders: your identity and KYC details, business and bank details, and how you use the app. We ask your consent first, store your data in India, share it only with our lending partners, credit bureaus and service providers who need it or where the law requires, and never sell it. You can ask us to delete your account.`,
    },
    app: true,
  },
  privacyPolicyOpusCollect_MobileApp: {
    source: () => import("../../content/lending-privacy-policy.md?raw"),
    hindi: () => import("../../content/lending-privacy-policy.hi.md?raw"),
    words: {
      title: msg`Lending Privacy Policy`,
      summary: msg`When you apply for credit, you share your identity, KYC, business, bank and credit details with us and our lending partner. They are used only to decide on your credit, give it and collect repayments, and are shared only with the lending partner, credit bureaus and those the law requires.`,
    },
    app: true,
  },
  termsAndConditions_MobileApp: {
    source: () => import("../../content/terms-and-conditions.md?raw"),
    hindi: () => import("../../content/terms-and-conditions.hi.md?raw"),
    words: {
      title: msg`Terms and Conditions`,
      summary: msg`These terms apply when you use the platform, order from the store or take credit. You must be 18 or older and give true details. Credit is given by our lending partners on their own terms, and you must repay on time. Orders, cancellations, deliveries and refunds follow the policies linked on this site.`,
    },
    app: true,
  },
};
