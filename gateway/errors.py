"""One error hierarchy, mapped to one JSON shape in one place.

Every error the browser sees is `{"error": {"code": ..., "message": ...}, "traceId": ...}`;
`message` is the user-facing text (the specification's wording where it has one), `traceId` the
request's trace id (gateway/tracing.py).
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec
import structlog
from limits.errors import StorageError
from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, NotFoundException, PermissionDeniedException
from litestar.exceptions import ValidationException as LitestarValidationException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR
from redis.exceptions import RedisError

from gateway.tracing import current_trace_id
from gateway.validation import FIELD_MESSAGES, ROUTE_FIELD_MESSAGES, InvalidText

log = structlog.get_logger("gateway.errors")


class ErrorBody(msgspec.Struct, frozen=True):
    code: str
    message: str
    field: str | None = None


class ErrorEnvelope(msgspec.Struct, frozen=True, rename={"trace_id": "traceId"}):
    error: ErrorBody
    # The request's trace id (gateway/tracing.py), for following a question about it in the logs;
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


def error_response(status: int, code: str, message: str, field: str | None = None) -> Response[Any]:
    return Response(
        content=ErrorEnvelope(ErrorBody(code=code, message=message, field=field)),
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
    message = (
        ROUTE_FIELD_MESSAGES.get((request.url.path, field or ""))
        or FIELD_MESSAGES.get(field or "")
        or detail
        or "The request is not valid."
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
    if isinstance(exc, NotFoundException):
        return error_response(404, "not_found", "Not found.")
    if isinstance(exc, PermissionDeniedException):
        return error_response(403, "forbidden", exc.detail or "Forbidden.")
    if exc.status_code in _HTTP_CODES:
        code, message = _HTTP_CODES[exc.status_code]
        response = error_response(exc.status_code, code, message)
        response.headers.update(exc.headers or {})
        return response
    code = "http_error" if exc.status_code < 500 else "internal_error"
    return error_response(exc.status_code, code, exc.detail or "Request failed.")


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
