/**
 * The frequently asked questions, each question and its answer (Markdown) a message, in the order
 * the page shows them. An answer names the product and figures as {product}, {creditLimit} and
 * {supportPhone}, filled in where it is shown (faqEntries).
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { company } from "../../../content/company";
import type { FaqEntry } from "../faq-sections";
import { figureValues, sayWith } from "../components/figures";

export const FAQ_TITLE = msg`Frequently Asked Questions`;

const FAQ = [
  {
    question: msg({ message: "What is {product}?" }),
    answer: msg({
      message: "{product} is a purchasing platform for India's electrical-goods trade. It lets shops, merchants, contractors and electricians buy electrical goods, wires, LED lights, fans, switches, plumbing and building materials on credit from the distributors and manufacturers they already know. The credit is provided by our partnered non-bank lenders (NBFCs), and you repay online. We also run a [quick-commerce store](/product-home) that delivers everyday electrical items to electricians within an hour.",
    }),
  },
  {
    question: msg({ message: "Who can apply for credit?" }),
    answer: msg({
      message: "Anyone aged 18 or above who runs or works in the electrical trade can apply, including shop owners, merchants, contractors and electricians. You will need your PAN, basic KYC documents and bank account details. If your business is registered under GST, sharing your GST details helps our lending partner assess your application faster.",
    }),
  },
  {
    question: msg({ message: "How much credit can I get?" }),
    answer: msg({
      message: "You can get a credit limit of up to {creditLimit}. The exact limit is decided by our lending partner based on your business, your purchase history and your credit record. Your limit can grow over time as you buy and repay on time.",
    }),
  },
  {
    question: msg({ message: "Is there any interest or other charge?" }),
    answer: msg({
      message: "What you buy on credit is interest-free for {interestFreeDays} days, and you do not need to give any collateral. After that, the lender charges interest of {interestFrom} to {interestTo} a year (an APR of {aprFrom} to {aprTo}, its fees included), and a processing fee of up to {processingFeeUpTo} of your credit limit, GST included, when you accept the credit. If you leave a credit line in its cooling-off period, you pay interest for the days you held the money. Every charge, such as a charge for paying late, is shown in your key fact statement before you accept the credit. Store orders under the small-order threshold carry a convenience fee and a platform fee, shown in your cart before you pay.",
    }),
  },
  {
    question: msg({ message: "How long do I get to repay?" }),
    answer: msg({
      message: "You get between {repaymentDaysFrom} and {repaymentDaysTo} days to repay, depending on the plan you choose and what your lending partner offers; the first {interestFreeDays} days are interest-free. The standard repayment cycle is {interestFreeDays} days. Your due dates are always shown in the app, and we send reminders before each one.",
    }),
  },
  {
    question: msg({ message: "How do I repay?" }),
    answer: msg({
      message: "Go to the [Pay Now](/paynow) page in the app or on our website. Enter your registered mobile number and the one-time code we send you. You will see your total overdue amount, and you can pay all of it or only a part. Choose any of the payment options shown, and you will get a receipt straight away.",
    }),
  },
  {
    question: msg({ message: "How fast will my order be delivered?" }),
    answer: msg({
      message: "It depends on your pin code and the hour. In {oneHourCities}, orders from our [store](/product-home) placed between {oneHourFrom} and {oneHourUntil} arrive within the hour; outside those hours they come in the first hour after the dark store opens. Elsewhere in {shipStates} ({pinCodes} pin codes) orders arrive in {shipDaysMin} to {shipDaysMax} business days. Choose your pin code at the top of the store to see your delivery time. Full details are in our [Shipping Policy](/shipping-policy).",
    }),
  },
  {
    question: msg({ message: "How can I place an order?" }),
    answer: msg({
      message: "You can order in whichever way suits you best:\n\n- through the {product} app;\n- on our website;\n- by calling us on {supportPhone};\n- by sending us a message on a messaging app; or\n- in person, through our field team or at a partner distributor.",
    }),
  },
  {
    question: msg({ message: "Why can't I place my order?" }),
    answer: msg({
      message: "An order may not go through for one of these reasons:\n\n- your payment was declined, or your available credit limit is too low;\n- an item is out of stock;\n- your internet connection dropped while the order was being placed;\n- your delivery pin code is not serviceable for that item;\n- you have asked for more than the maximum quantity allowed for an item; or\n- your cart mixes items fulfilled by {product} with items from other sellers, which have to be ordered separately.\n\nIf the quantity you want is not available, an error message will appear on the product or cart page. Reduce the quantity or try again later. If the problem continues, call {supportPhone}.",
    }),
  },
  {
    question: msg({ message: "Can I cancel an order and get a refund?" }),
    answer: msg({
      message: "Yes. You can cancel an order while it is being packed or shipped, as long as the **Cancel** option is shown in **My Orders**. Refunds go back to your original payment method, and credit used for the order is restored to your limit. Timelines for each payment method are in our [Cancellation and Refunds Policy](/cancellation-and-refunds).",
    }),
  },
  {
    question: msg({ message: "Is my data safe, and where is it stored?" }),
    answer: msg({
      message: "Yes. Your data is encrypted, access to it is strictly limited, and it is stored on servers in India. We share it only with the lending partner, credit bureaus and service providers who need it to serve you, or where the law requires. We never sell your data. Our Privacy and Lending Policy explains everything in detail.",
    }),
  },
  {
    question: msg({ message: "How do I delete my data?" }),
    answer: msg({
      message: "Open the [delete-data request page](/delete-data-policy) in the app or on our website and submit a request. We will complete the deletion within 3 days of a valid request. We cannot delete your account while you have an active loan, an active insurance policy or a digital gold balance, so please clear or close these first. Some records must be kept for at least 5 years under the law, and these are stored securely and used only for that purpose.",
    }),
  },
];

/** The questions and answers in `i18n`'s language, with the product's name and figures filled in. */
export function faqEntries(i18n: I18n, product: string): FaqEntry[] {
  const values = { ...figureValues(i18n), product, supportPhone: company.supportPhone };
  return FAQ.map((entry) => ({
    question: sayWith(i18n, entry.question, values),
    answer: sayWith(i18n, entry.answer, values),
  }));
}

/** The whole FAQ as one Markdown text (the mobile app's page): the title, then each question as a `##` heading. */
export function faqMarkdown(i18n: I18n, product: string): string {
  const entries = faqEntries(i18n, product).map((entry) => `## ${entry.question}\n\n${entry.answer}`);
  return [`# ${i18n._(FAQ_TITLE)}`, ...entries].join("\n\n");
}
