import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import type { TimelineEntry } from "../api/desk";

/** A code the gateway sends in the staff member's language; one this app does not know yet, as sent. */
export function wordFor(i18n: I18n, table: Record<string, MessageDescriptor>, key: string): string {
  const descriptor = table[key];
  return descriptor ? i18n._(descriptor) : key;
}

/** What each timeline entry is, in support's words (the gateway sends its kind). */
export const EVENT_WORDS: Record<string, MessageDescriptor> = {
  orderPlaced: msg`Order placed`,
  orderPacked: msg`Order packed`,
  orderShipped: msg`Order shipped`,
  orderOutForDelivery: msg`Out for delivery`,
  orderDelivered: msg`Order delivered`,
  orderCancelled: msg`Order cancelled`,
  orderReturned: msg`Order returned`,
  refundStarted: msg`Refund started`,
  creditRestored: msg`Back on the customer's credit limit`,
  paymentTaken: msg`Payment taken`,
  paymentFailed: msg`Payment failed`,
  paymentPending: msg`Payment waiting for the bank`,
  paymentDropped: msg`Payer left the checkout without paying`,
  refundSettled: msg`Refund given back`,
  refundPending: msg`Refund pending`,
  refundOnHold: msg`Refund on hold at the bank`,
  refundCancelled: msg`Refund cancelled by the bank`,
  refundFailed: msg`Refund failed`,
  repaymentStarted: msg`Repayment started`,
  repaymentApplied: msg`Repayment applied to the loan`,
  complaintRaised: msg`Complaint raised`,
  complaintInProgress: msg`Complaint in progress`,
  complaintResolved: msg`Complaint resolved`,
  complaintRejected: msg`Complaint rejected`,
  mailSent: msg`Mail sent`,
  smsSent: msg`SMS sent`,
  loginCodeSent: msg`Login code sent by SMS`,
  loginCodeFailed: msg`Login code not sent: the SMS failed`,
  loginCodeRefused: msg`Login code refused by our limits`,
  payoutPending: msg`Payout waiting for the bank`,
  payoutPaid: msg`Paid out to the account given`,
  payoutFailed: msg`Payout failed`,
  payoutReversed: msg`Payout sent back by the bank`,
};

/** Why our limits refused a login code (the gateway's error codes). */
export const CODE_REFUSAL_WORDS: Record<string, MessageDescriptor> = {
  otp_resend_too_soon: msg`Asked again before the wait was over`,
  otp_send_limit: msg`Too many codes asked for in an hour`,
};

/** What a complaint is about (the lender's categories). */
export const COMPLAINT_CATEGORY_WORDS: Record<string, MessageDescriptor> = {
  charges: msg`A charge or fee`,
  recovery: msg`A recovery call or agent`,
  payment: msg`A payment not applied or applied wrongly`,
  loanDetails: msg`The loan's terms or statement`,
  other: msg`Something else`,
};

/** Where a complaint stands with the lender. */
export const COMPLAINT_STATUS_WORDS: Record<string, MessageDescriptor> = {
  received: msg`Received`,
  inProgress: msg`In progress`,
  resolved: msg`Resolved`,
  rejected: msg`Rejected`,
};

/** Where a store order is (the orders service's status). */
export const ORDER_STATUS_WORDS: Record<string, MessageDescriptor> = {
  placed: msg`Placed`,
  packed: msg`Packed`,
  shipped: msg`Shipped`,
  outForDelivery: msg`Out for delivery`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  returned: msg`Returned`,
};

/** How a store order is paid, or where its payment stands. */
export const PAYMENT_STATE_WORDS: Record<string, MessageDescriptor> = {
  pending: msg`Payment pending`,
  paid: msg`Paid`,
  onDelivery: msg`Cash on delivery`,
  onCredit: msg`On credit`,
  refundInitiated: msg`Refund started`,
  creditReversed: msg`Credit reversed`,
  cancelled: msg`Payment cancelled`,
};

/** Where a repayment stands with the lender. */
export const REPAYMENT_STATUS_WORDS: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  paid: msg`Paid`,
  failed: msg`Failed`,
  awaitingApproval: msg`Awaiting the lender's approval`,
  refunded: msg`Refused by the lender, refunded`,
  refundPending: msg`Refused by the lender, refund on its way`,
  refundCancelled: msg`Refused by the lender, refund failed`,
};

/** Which upstream recorded an entry. */
export const SOURCE_WORDS: Record<TimelineEntry["source"], MessageDescriptor> = {
  orders: msg`Orders service`,
  lender: msg`Lender`,
  provider: msg`Payment provider`,
  mail: msg`Mail and SMS service`,
  gateway: msg`VoltKhata login`,
};

export const KIND_WORDS: Record<string, MessageDescriptor> = {
  chargedWithoutOrder: msg`Charged without an order`,
  paidWithoutCharge: msg`Order paid but no charge`,
  amountDiffers: msg`Amount differs`,
  refundMissing: msg`Refund missing`,
  settledTwice: msg`Settled twice`,
  notSettled: msg`Not settled by its day`,
  refundNotRecorded: msg`Refund given, none recorded`,
  refundMoreThanRecorded: msg`Refunded more than recorded`,
  payoutNotShown: msg`Payout paid, return not shown refunded`,
  payoutNotMade: msg`Return shown refunded, payout not made`,
  payoutAmountDiffers: msg`Payout amount differs`,
  payoutOverdue: msg`Payout pending past its day`,
  payoutWithoutReturn: msg`Paid out with no return owed`,
  debitNotBooked: msg`AutoPay debit taken, not booked at the lender`,
  bookedWithoutDebit: msg`AutoPay repayment booked, no debit taken`,
  payoutFailed: msg`Payout failed, waiting on a person`,
  chargeback: msg`Chargeback`,
  dispute: msg`Dispute`,
};

/**
 * What the desk does about a payout that failed, by the payouts provider's status code (the
 * finding's reasonCode); a code not listed here gets PAYOUT_ADVICE_OTHER.
 */
export const PAYOUT_ADVICE: Record<string, MessageDescriptor> = {
  INVALID_VPA: msg`The UPI ID does not exist. The shopper can give another UPI ID or bank account on their order page; call them to ask, then resolve this once it is paid.`,
  INVALID_ACCOUNT_FAIL: msg`The bank account does not exist. The shopper can give another UPI ID or bank account on their order page; call them to ask, then resolve this once it is paid.`,
  REVERSED: msg`The shopper's bank sent the money back. The shopper can give another UPI ID or bank account on their order page; call them to ask, then resolve this once it is paid.`,
  BENEFICIARY_BANK_OFFLINE: msg`The shopper's bank was not available; the money is still with us. Pay it again once their bank is back, then resolve this with how it was paid.`,
  NOT_MADE: msg`The provider made no transfer. Check the return's payout, pay the shopper, then resolve this with how it was paid.`,
};
export const PAYOUT_ADVICE_OTHER = msg`Call the shopper, pay the refund again, then resolve this with how it was paid.`;

/** What a desk audit entry records, in support's words (the gateway sends its action). */
export const AUDIT_ACTION_WORDS: Record<string, MessageDescriptor> = {
  login: msg`Logged in`,
  logout: msg`Logged out`,
  lookup: msg`Looked up a customer`,
  resendOrderMail: msg`Resent an order's mail`,
  resendReceipt: msg`Resent a receipt`,
  cancelOrder: msg`Cancelled an order`,
  requestRefund: msg`Asked for a refund`,
  approveRefund: msg`Approved a refund`,
  rejectRefund: msg`Turned a refund down`,
  refund: msg`Refund sent to the provider`,
  retryRefund: msg`Asked the provider again for a refund the bank gave up`,
  refundPaidOtherwise: msg`Recorded a refund as paid another way`,
  reconcile: msg`Read the reconciliation`,
  resolveFinding: msg`Resolved a reconciliation finding`,
};

/** Why a stored reconciliation run needs attention (the gateway's rule names). */
export const ATTENTION_WORDS: Record<string, MessageDescriptor> = {
  findingOverdue: msg`A finding is open too long`,
  amountAboveThreshold: msg`A finding is above the amount limit`,
};

/** How it came out; a refusal says the gateway's code after "refused: ". */
export const AUDIT_OUTCOME_WORDS: Record<string, MessageDescriptor> = {
  done: msg`Done`,
  found: msg`Found`,
  asked: msg`Asked`,
  failed: msg`Failed`,
  refused: msg`Refused`,
};

/** Why a refund is given, as the desk asks for it (the gateway's reason codes). */
export const REFUND_REASON_WORDS: Record<string, MessageDescriptor> = {
  goodwill: msg`Goodwill`,
  damagedGoods: msg`Damaged goods`,
  feeChargedWrongly: msg`A fee charged wrongly`,
  other: msg`Other`,
};

/** Where a refund asked for on the desk stands. */
export const REFUND_STATUS_WORDS: Record<string, MessageDescriptor> = {
  requested: msg`Waiting for approval`,
  approved: msg`Approved, being sent to the provider`,
  refunded: msg`Given back`,
  pending: msg`On hold at the provider`,
  cancelled: msg`Cancelled by the provider`,
  rejected: msg`Turned down`,
  refused: msg`Refused by the provider`,
  paidOtherwise: msg`Paid another way`,
};
