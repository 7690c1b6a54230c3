/**
 * The app's words for every error code the gateway sends: one table, in the shared catalog (each
 * entry a message, worded in the page's language when it is shown). The gateway sends a code and
 * its own message; the screen shows this table's words for the code. Where the words depend on
 * figures or a field only the gateway knows (a stock count, the new total, a field's rule), the
 * entry is `{ withDetail }`: the gateway's message is shown (it is ours, composed by the gateway,
 * never an upstream's), and `withDetail` when it is missing. The gateway writes its messages in
 * English, so a page in Hindi shows `withDetail` instead. A code not in the table shows the
 * screen's own fallback. The table's words are a catalog of their own (errorCatalog), loaded with
 * the first failed call (api/http.ts): a visit where nothing fails never downloads them. tests/unit/test_error_codes.py checks that every code the gateway can
 * send is here.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { activeLocale, i18n, type Catalog } from "./i18n";

export type Wording = MessageDescriptor | { withDetail: MessageDescriptor };

export const errorCatalog: Catalog = { name: "errors", load: (locale) => import(`../locales/errors/${locale}.po`) };

const TRY_AGAIN = msg`Something went wrong. Please try again.`;

export const ERROR_MESSAGES: Record<string, Wording> = {
  // Input the gateway refused (the field's own rule is in the gateway's message)
  invalid_request: { withDetail: msg`Please check what you entered.` },
  invalid_type: { withDetail: msg`Please check what you entered.` },
  invalid_input: { withDetail: msg`Please check what you entered.` },
  invalid_characters: { withDetail: msg`Please type it again without line breaks or special marks.` },
  invalid_body: msg`The request could not be read. Please try again.`,
  invalid_path: msg`The address is not valid.`,
  uri_too_long: msg`The address is too long.`,
  bad_request: TRY_AGAIN,
  http_error: TRY_AGAIN,
  method_not_allowed: TRY_AGAIN,
  request_timeout: msg`The request took too long to arrive. Please try again.`,
  payload_too_large: msg`What you sent is too large.`,
  unsupported_media_type: TRY_AGAIN,
  invalid_quantity: msg`Please choose a quantity from 1 to 999.`,
  quantity_limit: msg`You can have at most 999 of one product in your cart.`,
  gstin_invalid: msg`Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV.`,
  gstin_check_digit: msg`This GSTIN's check digit is wrong. Please check it.`,
  gstin_wrong_state: { withDetail: msg`This GSTIN is registered in another state than the billing address.` },
  legal_name_missing: msg`Please enter the legal name of the business.`,
  // Sessions, logins and codes
  not_authenticated: msg`Please log in again.`,
  session_expired: msg`Your session has expired. Please log in again.`,
  session_store_unavailable: msg`Sessions are unavailable right now. Please try again in a minute.`,
  clock_unreachable: msg`The test clock is not reachable. Please try again.`,
  refund_amount_invalid: msg`Enter the amount to refund in rupees, more than 0, with at most two decimals.`,
  refund_not_paid_online: msg`Only an order paid online can be refunded here.`,
  refund_too_much: msg`That is more than is left to refund on this order.`,
  refund_own_request: msg`Someone else must approve a refund you asked for.`,
  refund_decided: msg`This refund has been decided already.`,
  refund_second_approval_needed: msg`You have approved this refund already; another supervisor must approve it too.`,
  refund_not_found: msg`No such refund request.`,
  refund_not_given_up: msg`Only a refund the bank gave up can be asked again or recorded as paid another way.`,
  refund_lender_unknown: msg`This refund was made at a lender's account this service no longer serves; pay it another way and record it.`,
  refund_reference_invalid: msg`Enter the reference of the payment made another way (3 to 64 letters, digits, spaces or - / . _).`,
  operations_database_unavailable: msg`The desk's records are unavailable right now. Please try again in a minute.`,
  csrf_failed: msg`This page has expired. Please reload it and try again.`,
  forbidden: msg`This page has expired. Please reload it and try again.`,
  native_not_verified: msg`The app has not verified this user.`,
  native_token_rejected: msg`The app's login could not be confirmed. Please log in again.`,
  send_code_failed: msg`The OTP could not be sent. Please try again.`,
  otp_rejected: msg`Invalid OTP. Please try again.`,
  verify_failed: msg`Invalid OTP. Please try again.`,
  no_code_sent: msg`Please request an OTP first.`,
  code_expired: msg`This OTP has expired. Please request a new OTP.`,
  otp_resend_too_soon: msg`Please wait before requesting another OTP.`,
  otp_send_limit: msg`Too many OTP requests. Please try again later.`,
  otp_attempt_limit: msg`Too many incorrect attempts. Please request a new OTP.`,
  borrower_login_failed: msg`Your loan account could not be checked. Please try again.`,
  too_many_requests: msg`Too many requests. Please try again later.`,
  // Store and checkout
  not_found: msg`Not found.`,
  product_not_found: msg`This product is no longer available.`,
  cart_failed: msg`The cart could not be updated.`,
  cart_empty: msg`Your cart is empty. Add something to check out.`,
  catalogue_failed: msg`The products could not be loaded. Please try again.`,
  brands_failed: msg`The brands could not be loaded. Please try again.`,
  address_failed: msg`Your addresses could not be loaded. Please try again.`,
  pincode_unknown: msg`We could not find this pin code. Please check it.`,
  pincode_invalid: msg`Please enter a valid 6-digit pin code.`,
  pincode_not_serviceable: { withDetail: msg`Sorry, we do not deliver to this pin code yet.` },
  address_incomplete: msg`Please enter the name and address.`,
  // The address form's rules, field by field (gateway/checkout/address_rules.py)
  name_missing: msg`Please enter the name to deliver to.`,
  name_too_long: msg`Please shorten the name to 80 characters.`,
  mobile_missing: msg`Please enter a 10-digit mobile number.`,
  mobile_length: msg`A mobile number has 10 digits.`,
  mobile_start: msg`An Indian mobile number starts with 6, 7, 8 or 9.`,
  address_missing: msg`Please enter the shop or house number and street.`,
  address_too_long: msg`Please shorten this line to 200 characters.`,
  pincode_missing: msg`Please enter the 6-digit pin code.`,
  pincode_length: msg`A pin code has 6 digits.`,
  pincode_leading_zero: msg`A pin code does not start with 0.`,
  address_not_found: msg`This address is no longer in your address book.`,
  address_save_failed: msg`The address could not be saved. Please try again.`,
  no_lines: msg`Your cart is empty. Add something to check out.`,
  product_unknown: msg`A product in your cart is no longer sold. Please remove it and try again.`,
  out_of_stock: { withDetail: msg`Some items are not in stock in the quantity you chose. Please lower the quantity.` },
  // Credit: applying, accepting an offer, ending a line
  mobile_needed: msg`Please log in with your mobile number and a one-time code to apply for credit.`,
  bureau_consent_needed: msg`Please agree to a credit bureau check: the lender cannot decide without it.`,
  tax_id_invalid: msg`Please enter a valid 15-character GSTIN or 10-character PAN.`,
  email_invalid: msg`Please enter a valid email address.`,
  credit_account_exists: msg`You already have a credit account.`,
  key_facts_not_acknowledged: msg`Please read the Key Facts Statement and confirm you have understood it.`,
  key_facts_not_shown: msg`Please open and read this offer's Key Facts Statement before you accept it.`,
  key_facts_expired: msg`This offer's Key Facts Statement is no longer valid. Please apply again.`,
  other_offer_accepted: msg`You have already accepted another offer of this application.`,
  offer_not_found: msg`Offer not found.`,
  credit_failed: msg`The lender could not do this right now. Please try again.`,
  line_not_found: msg`Credit line not found.`,
  quote_refused: msg`This credit line can no longer be ended this way.`,
  line_quote_changed: msg`The amount has changed since your quote. Please look at the new quote and pay again.`,
  amount_invalid: msg`Please pay the quoted amount.`,
  line_not_closed: msg`The certificate is issued once the credit line is closed.`,
  quote_changed: { withDetail: msg`Prices or fees changed since your summary. Please check the summary and place the order again.` },
  credit_refused: { withDetail: msg`Credit cannot pay for this order. Please choose another way to pay.` },
  credit_check_failed: msg`Credit cannot be checked right now. Please choose another way to pay.`,
  cod_limit: { withDetail: msg`Cash on delivery is over its daily limit for this order. Please pay online or with credit.` },
  order_in_progress: msg`Your order is already being placed. Please check My Orders in a moment.`,
  idempotency_conflict: msg`This order was already placed with other details. Please try again.`,
  idempotency_key_missing: msg`This order could not be placed. Please try again.`,
  order_not_found: msg`Order not found.`,
  nothing_to_pay: msg`This order has nothing left to pay online.`,
  not_cancellable: msg`This order can no longer be cancelled.`,
  not_switchable: msg`This order can no longer change to cash on delivery.`,
  already_paid: msg`This order was paid online meanwhile, so it stays paid online.`,
  already_cancelled: msg`This order is already cancelled.`,
  invoice_not_ready: msg`The tax invoice is issued when the order ships. Please check back then.`,
  no_credit_note: msg`A credit note is issued only when an order is cancelled or returned after its invoice.`,
  invalid_page: msg`This page of orders does not exist.`,
  // Returns
  not_delivered: msg`Only a delivered order can be returned.`,
  not_returnable: { withDetail: msg`This item is cut to length and cannot be returned.` },
  return_window_closed: msg`The return window for this item has closed.`,
  not_in_order: msg`This item is not in the order.`,
  return_no_lines: msg`Please choose what to return.`,
  return_quantity_invalid: { withDetail: msg`Please choose a quantity you can still return.` },
  too_many_photos: msg`Please send at most 4 photos.`,
  photo_type: msg`Photos must be JPEG, PNG or WebP pictures.`,
  photo_unreadable: msg`A photo could not be read. Please add it again.`,
  photo_too_large: msg`Each photo must be 5 MB or smaller.`,
  photos_required: msg`Please add a photo that shows the damage, the fault or the wrong item.`,
  note_too_long: msg`Please keep the note to 500 characters.`,
  pickup_slot_unavailable: msg`Please choose one of the pickup times offered.`,
  refund_account_missing: msg`Please give a UPI ID or a bank account for the refund.`,
  refund_account_twice: msg`Please give a UPI ID or a bank account, not both.`,
  upi_id_invalid: msg`This is not a UPI ID. It looks like name@bank.`,
  upi_id_not_found: msg`No bank has this UPI ID. Please check it, or give a bank account.`,
  bank_account_not_found: msg`No bank has this account number with this IFSC. Please check them, or give a UPI ID.`,
  account_number_invalid: msg`A bank account number has 9 to 18 digits.`,
  ifsc_invalid: msg`An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits.`,
  account_name_missing: msg`Please give the account holder's name.`,
  return_not_found: msg`Return not found.`,
  payee_change_not_offered: msg`Another account can be given only when the refund could not be paid to the one given.`,
  // Repayments
  detail_failed: msg`Could not load the repayment detail.`,
  nothing_owed: msg`You do not have any pending payment`,
  payment_failed: msg`Payment is either not mapped or the financier is not authorized to receive payment`,
  payment_not_available: msg`Payment is either not mapped or the financier is not authorized to receive payment`,
  loan_not_mapped: msg`Your loan is not linked to a lender that can take payments online yet. No money was taken. Please contact support with your loan number.`,
  payment_pending: { withDetail: msg`A payment of this amount is already pending.` },
  // AutoPay for a loan's instalments (gateway/loans/autopay.py)
  autopay_unavailable: msg`AutoPay is not offered for this lender's loans yet.`,
  autopay_exists: msg`AutoPay is already set up for this loan.`,
  autopay_nothing_to_collect: msg`This loan has no instalments left to collect by AutoPay.`,
  autopay_not_found: msg`AutoPay is not set up for this loan.`,
  autopay_paused_in_app: msg`You paused AutoPay in your UPI app: please resume it there.`,
  autopay_state_invalid: msg`AutoPay cannot be changed this way now.`,
  payment_in_progress: msg`This payment is already being created. Please wait a moment.`,
  payment_not_found: msg`Payment not found.`,
  idempotency_key_required: TRY_AGAIN,
  idempotency_key_reused: msg`This payment request was already used for a different amount. Please try again.`,
  confirm_failed: msg`The payment could not be checked. Please try again.`,
  below_minimum: { withDetail: msg`The amount is below the lender's minimum part-payment.` },
  history_failed: msg`Could not load your payments.`,
  no_receipt: msg`No receipt for this payment.`,
  receipt_not_found: msg`There is no receipt for this payment yet.`,
  // Complaints, the desk's worklist and the provider's webhooks
  lender_not_chosen: msg`Please choose whom the complaint is against.`,
  loan_of_another_lender: msg`This loan is not with the lender you chose. Please choose the loan's lender.`,
  desk_finding_not_found: msg`This finding was not found.`,
  desk_finding_resolved: { withDetail: msg`This finding was already resolved.` },
  refund_not_started: msg`The refund has not been started yet.`,
  webhook_invalid: msg`The notification could not be read.`,
  webhook_refused: msg`The notification was refused.`,
  // Loans, Key Facts and statements
  loan_not_found: msg`This loan was not found in your account.`,
  period_backwards: msg`The start date must not be after the end date.`,
  period_refused: { withDetail: msg`A statement can run from the loan's start to today at the latest.` },
  amount_not_taken: { withDetail: msg`Please enter at least the minimum payment and not more than the overdue amount.` },
  document_failed: msg`This document could not be made right now. Please try again.`,
  foreclosure_failed: msg`The lender could not close this loan right now. Please try again.`,
  foreclosure_quote_changed: msg`The amount has changed since your quote. Please look at the new quote and pay again.`,
  loan_closed: msg`This loan is already closed: there is nothing to pay on it.`,
  loan_not_closed: msg`The no-dues certificate is issued once the loan is closed.`,
  // Complaints
  complaint_too_short: msg`Please describe your complaint in at least 10 characters.`,
  complaint_too_long: msg`Please keep your complaint within 2000 characters.`,
  not_your_loan_or_payment: msg`Please choose one of your own loans or payments.`,
  complaint_not_found: msg`Complaint not found.`,
  complaint_not_registered: msg`Your complaint could not be registered. Please try again.`,
  complaints_failed: msg`Could not load your complaints.`,
  complaint_failed: msg`Could not load this complaint.`,
  // Support desk (staff)
  desk_login_failed: msg`That name and secret do not match a desk account.`,
  desk_login_limit: msg`Too many wrong desk logins. Please wait a few minutes before trying again.`,
  desk_login_required: msg`Please log in to the support desk.`,
  desk_supervisors_only: msg`Only a supervisor can do this.`,
  desk_nothing_found: msg`No customer, order, loan or payment matches that.`,
  desk_query_invalid: msg`Enter a mobile number, an order or loan number, or a payment or UPI reference.`,
  desk_date_invalid: msg`Choose a date no later than today.`,
  // Site forms
  mail_rejected: msg`Failed to send message. Please try again later.`,
  // Upstreams and the gateway itself
  conflict: TRY_AGAIN,
  upstream_refused: TRY_AGAIN,
  upstream_error: msg`The service is not reachable right now. Please try again later.`,
  upstream_unavailable: msg`The service is not reachable right now. Please try again later.`,
  upstream_timeout: msg`The service is not reachable right now. Please try again later.`,
  circuit_open: msg`The service is not reachable right now. Please try again later.`,
  internal_error: msg`An unexpected error occurred.`,
};

/** The words for `code` in the page's language, given the gateway's message; undefined for a code the app does not know. */
export function wordsFor(code: string | undefined, gatewayMessage: string | undefined): string | undefined {
  const wording = code ? ERROR_MESSAGES[code] : undefined;
  if (wording === undefined) return undefined;
  if (!("withDetail" in wording)) return worded(wording);
  return gatewayMessage && activeLocale() === "en" ? gatewayMessage : worded(wording.withDetail);
}

/** The message in the page's language; undefined (the screen's own words) while its catalog is not loaded. */
function worded(message: MessageDescriptor): string | undefined {
  // A built app's descriptor carries only the id: without the catalog, i18n._ would show the id.
  if (message.message === undefined && !(message.id in i18n.messages)) return undefined;
  return i18n._(message);
}
