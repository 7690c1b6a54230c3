import { msg } from "@lingui/core/macro";
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
