/**
 * The app's words for every error code the gateway sends: one table, the place a translation
 * starts from. The gateway sends a code and its own message; the screen shows this table's
 * words for the code. Where the words depend on figures or a field only the gateway knows (a
 * stock count, the new total, a field's rule), the entry is `{ withDetail }`: the gateway's
 * message is shown (it is ours, composed by the gateway, never an upstream's), and `withDetail`
 * when it is missing. A code not in the table shows the screen's own fallback.
 * tests/unit/test_error_codes.py checks that every code the gateway can send is here.
 */
export type Wording = string | { withDetail: string };

const TRY_AGAIN = "Something went wrong. Please try again.";

export const ERROR_MESSAGES: Record<string, Wording> = {
  // Input the gateway refused (the field's own rule is in the gateway's message)
  invalid_request: { withDetail: "Please check what you entered." },
  invalid_type: { withDetail: "Please check what you entered." },
  invalid_input: { withDetail: "Please check what you entered." },
  invalid_characters: { withDetail: "Please type it again without line breaks or special marks." },
  invalid_body: "The request could not be read. Please try again.",
  invalid_path: "The address is not valid.",
  uri_too_long: "The address is too long.",
  bad_request: TRY_AGAIN,
  http_error: TRY_AGAIN,
  method_not_allowed: TRY_AGAIN,
  request_timeout: "The request took too long to arrive. Please try again.",
  payload_too_large: "What you sent is too large.",
  unsupported_media_type: TRY_AGAIN,
  invalid_quantity: "Please choose a quantity from 1 to 999.",
  quantity_limit: "You can have at most 999 of one product in your cart.",
  gstin_invalid: "Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV.",
  gstin_check_digit: "This GSTIN's check digit is wrong. Please check it.",
  gstin_wrong_state: { withDetail: "This GSTIN is registered in another state than the billing address." },
  legal_name_missing: "Please enter the legal name of the business.",
  // Sessions, logins and codes
  not_authenticated: "Please log in again.",
  session_expired: "Your session has expired. Please log in again.",
  session_store_unavailable: "Sessions are unavailable right now. Please try again in a minute.",
  csrf_failed: "This page has expired. Please reload it and try again.",
  forbidden: "This page has expired. Please reload it and try again.",
  native_not_verified: "The app has not verified this user.",
  native_token_rejected: "The app's login could not be confirmed. Please log in again.",
  send_code_failed: "The OTP could not be sent. Please try again.",
  otp_rejected: "Invalid OTP. Please try again.",
  verify_failed: "Invalid OTP. Please try again.",
  no_code_sent: "Please request an OTP first.",
  code_expired: "This OTP has expired. Please request a new OTP.",
  otp_resend_too_soon: "Please wait before requesting another OTP.",
  otp_send_limit: "Too many OTP requests. Please try again later.",
  otp_attempt_limit: "Too many incorrect attempts. Please request a new OTP.",
  too_many_requests: "Too many requests. Please try again later.",
  // Store and checkout
  not_found: "Not found.",
  product_not_found: "This product is no longer available.",
  cart_failed: "The cart could not be updated.",
  cart_empty: "Your cart is empty. Add something to check out.",
  catalogue_failed: "The products could not be loaded. Please try again.",
  brands_failed: "The brands could not be loaded. Please try again.",
  address_failed: "Your addresses could not be loaded. Please try again.",
  pincode_unknown: "We could not find this pin code. Please check it.",
  pincode_invalid: "Please enter a valid 6-digit pin code.",
  pincode_not_serviceable: { withDetail: "Sorry, we do not deliver to this pin code yet." },
  address_incomplete: "Please enter the name and address.",
  no_lines: "Your cart is empty. Add something to check out.",
  product_unknown: "A product in your cart is no longer sold. Please remove it and try again.",
  out_of_stock: { withDetail: "Some items are not in stock in the quantity you chose. Please lower the quantity." },
  quote_changed: { withDetail: "Prices or fees changed since your summary. Please check the summary and place the order again." },
  credit_refused: { withDetail: "Credit cannot pay for this order. Please choose another way to pay." },
  credit_check_failed: "Credit cannot be checked right now. Please choose another way to pay.",
  cod_limit: { withDetail: "Cash on delivery is over its daily limit for this order. Please pay online or with credit." },
  order_in_progress: "Your order is already being placed. Please check My Orders in a moment.",
  idempotency_conflict: "This order was already placed with other details. Please try again.",
  idempotency_key_missing: "This order could not be placed. Please try again.",
  order_not_found: "Order not found.",
  nothing_to_pay: "This order has nothing left to pay online.",
  not_cancellable: "This order can no longer be cancelled.",
  already_cancelled: "This order is already cancelled.",
  invoice_not_ready: "The tax invoice is issued when the order ships. Please check back then.",
  no_credit_note: "A credit note is issued only when an order is cancelled or returned after its invoice.",
  invalid_page: "This page of orders does not exist.",
  // Repayments
  detail_failed: "Could not load the repayment detail.",
  nothing_owed: "You do not have any pending payment",
  payment_failed: "Payment is either not mapped or the financier is not authorized to receive payment",
  payment_not_available: "Payment is either not mapped or the financier is not authorized to receive payment",
  payment_pending: { withDetail: "A payment of this amount is already pending." },
  payment_in_progress: "This payment is already being created. Please wait a moment.",
  payment_not_found: "Payment not found.",
  idempotency_key_required: TRY_AGAIN,
  idempotency_key_reused: "This payment request was already used for a different amount. Please try again.",
  confirm_failed: "The payment could not be checked. Please try again.",
  history_failed: "Could not load your payments.",
  no_receipt: "No receipt for this payment.",
  receipt_not_found: "There is no receipt for this payment yet.",
  // Site forms
  mail_rejected: "Failed to send message. Please try again later.",
  // Upstreams and the gateway itself
  conflict: TRY_AGAIN,
  upstream_refused: TRY_AGAIN,
  upstream_error: "The service is not reachable right now. Please try again later.",
  upstream_unavailable: "The service is not reachable right now. Please try again later.",
  upstream_timeout: "The service is not reachable right now. Please try again later.",
  circuit_open: "The service is not reachable right now. Please try again later.",
  internal_error: "An unexpected error occurred.",
};

/** The words for `code`, given the gateway's message; undefined for a code the app does not know. */
export function wordsFor(code: string | undefined, gatewayMessage: string | undefined): string | undefined {
  const wording = code ? ERROR_MESSAGES[code] : undefined;
  if (wording === undefined) return undefined;
  return typeof wording === "string" ? wording : gatewayMessage || wording.withDetail;
}
