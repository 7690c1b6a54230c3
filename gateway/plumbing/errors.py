"""One error hierarchy, mapped to one JSON shape in one place.

Every error the browser sees is `{"error": {"code": ..., "message": ...}, "traceId": ...}`;
`message` is the user-facing text (the specification's wording where it has one), `traceId` the
request's trace id (gateway/plumbing/tracing.py).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, NamedTuple

import msgspec
import structlog
from limits.errors import StorageError
from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, NotFoundException, PermissionDeniedException
from litestar.exceptions import ValidationException as LitestarValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from redis.exceptions import RedisError

from gateway.plumbing.tracing import current_trace_id, trace_id_for
from gateway.plumbing.validation import FIELD_MESSAGES, ROUTE_FIELD_MESSAGES, InvalidText

log = structlog.get_logger("gateway.errors")


class ErrorBody(msgspec.Struct, frozen=True):
    code: str
    message: str
    field: str | None = None


class ErrorEnvelope(msgspec.Struct, frozen=True, rename={"trace_id": "traceId"}):
    error: ErrorBody
    # The request's trace id (gateway/plumbing/tracing.py), for following a question about it in the logs;
    # beside `error`, so what clients read in it is unchanged.
    trace_id: str | None = msgspec.field(default_factory=current_trace_id)


class RateLimitedBody(msgspec.Struct, frozen=True, rename={"retry_after": "retryAfter"}):
    """A 429's error: the usual shape plus `retryAfter`, the seconds the Retry-After header says,
    so a screen can count down to the moment the call will be accepted."""

    code: str
    message: str
    retry_after: Annotated[
        int, msgspec.Meta(ge=1, description="seconds until the call will be accepted (as Retry-After)")
    ]
    field: str | None = None


class RateLimitedEnvelope(msgspec.Struct, frozen=True, rename={"trace_id": "traceId"}):
    error: RateLimitedBody
    trace_id: str | None = msgspec.field(default_factory=current_trace_id)


class GatewayError(Exception):
    """Base of every error the gateway answers on purpose."""

    status_code: int = 400
    code: str = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.field = field


class InvalidInput(GatewayError):
    status_code = 422
    code = "invalid_input"


class NotAuthenticated(GatewayError):
    status_code = 401
    code = "not_authenticated"


class NotFound(GatewayError):
    status_code = 404
    code = "not_found"


class Conflict(GatewayError):
    status_code = 409
    code = "conflict"


class TooManyRequests(GatewayError):
    status_code = 429
    code = "too_many_requests"

    def __init__(self, message: str, *, retry_after: int, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after = retry_after


class UpstreamError(GatewayError):
    """An upstream answered, but with a failure the user should hear about."""

    status_code = 502
    code = "upstream_error"

    def __init__(self, message: str, *, upstream: str, status: int | None = None, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.upstream = upstream
        self.status = status


class UpstreamRefused(UpstreamError):
    """An upstream answered with a failure in its envelope (`statusCode` or HTTP status not 200).

    `status` is the failure's status, so callers can tell a refused token (401/403) or the
    catalogue's empty cart (400) from other refusals.
    """


class UpstreamUnavailable(UpstreamError):
    """An upstream could not be reached, timed out or its circuit is open."""

    status_code = 503
    code = "upstream_unavailable"


STORE_DOWN = "Sessions are unavailable right now. Please try again in a minute."


class SessionStoreUnavailable(GatewayError):
    status_code = 503
    code = "session_store_unavailable"


class Wording(NamedTuple):
    """Our message for a refusal. `shown`: the whole shape of an upstream text we let through
    instead, for refusals whose words carry the upstream's figures (a stock count, a new
    total); any other text (a traceback, a validator's report) is replaced by `message`."""

    message: str
    shown: re.Pattern[str] | None = None


_RUPEES = r"₹[0-9,]{1,15}\.[0-9]{2}"
_NAME = r"[^\n\r<>{}]{1,200}"
UPSTREAM_REFUSED = "upstream_refused"
REFUSED_MESSAGE = "This could not be done right now. Please try again."

# Every refusal the orders service can answer, by its reason, in our words; a reason not listed
# is `upstream_refused`. (The other upstreams' clients answer each refusal with the caller's own
# words: `UpstreamHttp.call`'s `failure`.)
REFUSALS: dict[str, Wording] = {
    # The orders service (its reasons)
    "out_of_stock": Wording(
        "Some items are not in stock in the quantity you chose. Please lower the quantity.",
        re.compile(rf"Only [0-9]{{1,6}} of {_NAME} available; you asked for [0-9]{{1,6}}\.|{_NAME} is out of stock\."),
    ),
    "quote_changed": Wording(
        "Prices or fees changed since your summary. Please check the summary and place the order again.",
        re.compile(
            rf"Prices or fees changed since your summary: the total is now {_RUPEES}\. "
            r"Please check the summary and place the order again\."
        ),
    ),
    "pincode_not_serviceable": Wording(
        "Sorry, we do not deliver to this pin code yet.",
        re.compile(rf"Sorry, we do not deliver to pin code [1-9][0-9]{{5}} \({_NAME}\) yet\."),
    ),
    "credit_refused": Wording(
        "Credit cannot pay for this order. Please choose another way to pay.",
        re.compile(
            rf"You have an overdue amount of {_RUPEES}\. Please repay it first\."
            rf"|The order total {_RUPEES} is above your available credit of {_RUPEES}\."
            r"|You do not have a credit account yet\. Please choose another way to pay\."
        ),
    ),
    "pincode_unknown": Wording("We could not find this pin code. Please check it."),
    "pincode_invalid": Wording("Please enter a valid 6-digit pin code."),
    "address_incomplete": Wording("Please enter the name and address."),
    "gstin_invalid": Wording("Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV."),
    "legal_name_missing": Wording("Please enter the legal name of the business."),
    "no_lines": Wording("Your cart is empty. Add something to check out."),
    "product_unknown": Wording("A product in your cart is no longer sold. Please remove it and try again."),
    "idempotency_conflict": Wording("This order was already placed with other details. Please try again."),
    "idempotency_key_missing": Wording("This order could not be placed. Please try again."),
    "order_not_found": Wording("Order not found."),
    "nothing_to_pay": Wording("This order has nothing left to pay online."),
    "not_cancellable": Wording("This order can no longer be cancelled."),
    "not_switchable": Wording("This order can no longer change to cash on delivery."),
    "already_paid": Wording("This order was paid online meanwhile, so it stays paid online."),
    "already_cancelled": Wording("This order is already cancelled."),
    "invoice_not_ready": Wording("The tax invoice is issued when the order ships. Please check back then."),
    "no_credit_note": Wording("A credit note is issued only when an order is cancelled or returned after its invoice."),
    "invalid_page": Wording("This page of orders does not exist."),
    # A return (upstream_mocks/orders/returns.py's reasons)
    "not_delivered": Wording("Only a delivered order can be returned."),
    "not_returnable": Wording(
        "This item is cut to length and cannot be returned.",
        re.compile(rf"{_NAME} is cut to length and cannot be returned\."),
    ),
    "return_window_closed": Wording("The return window for this item has closed."),
    "not_in_order": Wording("This item is not in the order."),
    "return_no_lines": Wording("Please choose what to return."),
    "return_quantity_invalid": Wording(
        "Please choose a quantity you can still return.",
        re.compile(rf"You can return 1 to [0-9]{{1,6}} of {_NAME}\."),
    ),
    "too_many_photos": Wording("Please send at most 4 photos."),
    "photo_type": Wording("Photos must be JPEG, PNG or WebP pictures."),
    "photo_unreadable": Wording("A photo could not be read. Please add it again."),
    "photo_too_large": Wording("Each photo must be 5 MB or smaller."),
    "photos_required": Wording("Please add a photo that shows the damage, the fault or the wrong item."),
    "note_too_long": Wording("Please keep the note to 500 characters."),
    "pickup_slot_unavailable": Wording("Please choose one of the pickup times offered."),
    "refund_account_missing": Wording("Please give a UPI ID or a bank account for the refund."),
    "refund_account_twice": Wording("Please give a UPI ID or a bank account, not both."),
    "upi_id_invalid": Wording("This is not a UPI ID. It looks like name@bank."),
    "upi_id_not_found": Wording("No bank has this UPI ID. Please check it, or give a bank account."),
    "bank_account_not_found": Wording(
        "No bank has this account number with this IFSC. Please check them, or give a UPI ID."
    ),
    "account_number_invalid": Wording("A bank account number has 9 to 18 digits."),
    "ifsc_invalid": Wording("An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits."),
    "account_name_missing": Wording("Please give the account holder's name."),
    "return_not_found": Wording("Return not found."),
    "payee_change_not_offered": Wording(
        "Another account can be given only when the refund could not be paid to the one given."
    ),
    "invalid_request": Wording("This request could not be handled. Please check what you entered and try again."),
}


def in_our_words(code: str, upstream_text: str | None, upstream: str) -> tuple[str, str]:
    """The code and message the browser gets for an upstream's refusal. The upstream's own text
    goes to the log (with the request's trace id), unless it is one of the shapes we let through."""
    wording = REFUSALS.get(code)
    if wording is not None and wording.shown is not None and upstream_text and wording.shown.fullmatch(upstream_text):
        return code, upstream_text
    if upstream_text:
        log.info("upstream_text_withheld", upstream=upstream, code=code, upstream_text=upstream_text[:500])
    if wording is None:
        return UPSTREAM_REFUSED, REFUSED_MESSAGE
    return code, wording.message


def error_response(
    status: int, code: str, message: str, field: str | None = None, *, trace_id: str | None = None
) -> Response[Any]:
    body = ErrorBody(code=code, message=message, field=field)
    return Response(
        content=ErrorEnvelope(body) if trace_id is None else ErrorEnvelope(body, trace_id=trace_id),
        status_code=status,
        media_type=MediaType.JSON,
    )


def handle_gateway_error(request: Request[Any, Any, Any], exc: GatewayError) -> Response[Any]:
    if isinstance(exc, UpstreamError):
        log.warning("upstream_failed", upstream=exc.upstream, status=exc.status, code=exc.code)
    if isinstance(exc, TooManyRequests):
        body = RateLimitedBody(code=exc.code, message=exc.message, retry_after=exc.retry_after, field=exc.field)
        return Response(
            content=RateLimitedEnvelope(body),
            status_code=exc.status_code,
            media_type=MediaType.JSON,
            headers={"Retry-After": str(exc.retry_after)},
        )
    return error_response(exc.status_code, exc.code, exc.message, exc.field)


# msgspec names the field in its text: "... - at `$.mobileNumber`", "Object missing required field `email`".
_FIELD_IN_MESSAGE = re.compile(r"`\$\.(\w+)`|field `(\w+)`")
# A value of the wrong JSON type ("Expected `int`, got `str`"): well-formed but unprocessable.
_WRONG_TYPE = re.compile(r"^Expected `[^`]+`, got `[^`]+`")


FIELD_INVALID = "Please check {field}: it is missing or not valid."
REQUEST_INVALID = "The request is not valid."


def handle_validation(request: Request[Any, Any, Any], exc: LitestarValidationException) -> Response[Any]:
    """A bad input gets a 400 naming the field, with the message the screen shows for it."""
    field: str | None = None
    detail = ""
    extra = exc.extra
    if isinstance(extra, list) and extra and isinstance(extra[0], dict):
        key = extra[0].get("key")
        detail = str(extra[0].get("message") or "")
        field = str(key) if key else None
    if field not in FIELD_MESSAGES:  # a missing field is reported on `data`, named only in the text
        found = _FIELD_IN_MESSAGE.search(detail or str(exc.detail))
        if found:
            field = found.group(1) or found.group(2)
    # The validator's own text (msgspec's "Expected `int`, got `str`", a pattern) is for the log;
    # the browser gets the field's message, or one naming the field in our own words.
    log.info("request_invalid", field=field, detail=detail or str(exc.detail))
    message = (
        ROUTE_FIELD_MESSAGES.get((request.url.path, field or ""))
        or FIELD_MESSAGES.get(field or "")
        or (FIELD_INVALID.format(field=field) if field else REQUEST_INVALID)
    )
    if _WRONG_TYPE.match(detail):
        return error_response(422, "invalid_type", message, field)
    return error_response(400, "invalid_request", message, field)


def handle_invalid_text(request: Request[Any, Any, Any], exc: InvalidText) -> Response[Any]:
    """A control or text-direction character in a text field: 422 naming the field."""
    return error_response(422, "invalid_characters", exc.message, exc.field)


_HTTP_CODES = {
    405: ("method_not_allowed", "This method is not allowed here."),
    408: ("request_timeout", "The request took too long to arrive."),
    413: ("payload_too_large", "The request body is too large."),
    415: ("unsupported_media_type", "Send the request body as application/json."),
}


def handle_http_exception(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    # Routing's own refusals (an unknown path, a method not served) come before the request log
    # middleware: their trace id is read from the request here (gateway/plumbing/tracing.py).
    trace_id = trace_id_for(request.headers)
    if isinstance(exc, NotFoundException):
        return error_response(404, "not_found", "Not found.", trace_id=trace_id)
    if isinstance(exc, PermissionDeniedException):
        return error_response(403, "forbidden", exc.detail or "Forbidden.", trace_id=trace_id)
    if exc.status_code in _HTTP_CODES:
        code, message = _HTTP_CODES[exc.status_code]
        response = error_response(exc.status_code, code, message, trace_id=trace_id)
        response.headers.update(exc.headers or {})
        return response
    code = "http_error" if exc.status_code < 500 else "internal_error"
    return error_response(exc.status_code, code, exc.detail or "Request failed.", trace_id=trace_id)


def handle_store_error(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """A store call that was not wrapped in `store_call` still ends as the store's 503."""
    log.warning("session_store_failed", exc_type=type(exc).__name__)
    return error_response(503, SessionStoreUnavailable.code, STORE_DOWN)


def handle_undecodable_body(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    """Litestar decodes a JSON body before checking its shape; bytes that are not UTF-8, or
    nesting deeper than the decoder recurses, escape as these two errors. Both are the client's."""
    if isinstance(exc, RecursionError):
        return error_response(400, "invalid_body", "The request body is nested too deeply.")
    return error_response(400, "invalid_body", "The request body is not valid UTF-8.")


def handle_unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    log.exception("unhandled_error", exc_type=type(exc).__name__)
    return error_response(HTTP_500_INTERNAL_SERVER_ERROR, "internal_error", "An unexpected error occurred.")


exception_handlers: dict[type[Exception] | int, Any] = {
    GatewayError: handle_gateway_error,
    RedisError: handle_store_error,
    StorageError: handle_store_error,
    UnicodeDecodeError: handle_undecodable_body,
    RecursionError: handle_undecodable_body,
    LitestarValidationException: handle_validation,
    InvalidText: handle_invalid_text,
    HTTPException: handle_http_exception,
    Exception: handle_unexpected,
}
