import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import type { Category } from "../api/raise-complaint";
import type { ComplaintView } from "../api/get-complaints";

/** What each category covers, in the borrower's words. */
export const CATEGORY_WORDS: Record<Category, MessageDescriptor> = {
  charges: msg`A charge or fee`,
  recovery: msg`A recovery call or agent`,
  payment: msg`A payment not applied or applied wrongly`,
  loanDetails: msg`The loan's terms or statement`,
  other: msg`Something else`,
};

export const CATEGORIES = Object.keys(CATEGORY_WORDS) as Category[];

export const STATUS_WORDS: Record<ComplaintView["status"], MessageDescriptor> = {
  received: msg`Received`,
  inProgress: msg`In progress`,
  resolved: msg`Resolved`,
  rejected: msg`Rejected`,
};

/** Whom a complaint is against, by name and part: the platform (the lending service provider) or
 * the lender (the regulated entity). */
export function againstWords(i18n: I18n, complaint: Pick<ComplaintView, "against" | "againstName">): string {
  const name = complaint.againstName ?? "";
  if (complaint.against === "platform") return name ? i18n._(msg`${name} (the platform)`) : i18n._(msg`The platform`);
  return name ? i18n._(msg`${name} (the lender)`) : i18n._(msg`The lender`);
}
