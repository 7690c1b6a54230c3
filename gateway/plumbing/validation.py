"""Input types shared by route groups, with the specification's user-facing messages."""

from __future__ import annotations

import re
import secrets
from typing import Annotated, Any, ClassVar, TypeVar

import msgspec
from litestar import Request
from litestar.exceptions import ValidationException
from litestar.params import HeaderParameter

T = TypeVar("T")

MOBILE_MESSAGE = "Please enter a valid 10-digit mobile number."
OTP_MESSAGE = "Please enter a valid 6-digit OTP."
EMAIL_MESSAGE = "Please enter a valid email address."
NAME_MESSAGE = "Please enter your name (up to 100 characters)."
TEXT_MESSAGE = "Please enter a message (up to 5000 characters)."
PHONE_MESSAGE = "Please enter a valid phone number: a 10-digit mobile, or a landline with its STD code."
PINCODE_MESSAGE = "Please enter a valid 6-digit pin code."
AMOUNT_MESSAGE = "Please send the amount in rupees with two decimals, e.g. 1198.99."
QUANTITY_MESSAGE = "Please choose a quantity from 1 to 999."
LANGUAGE_MESSAGE = "Please choose English (en) or Hindi (hi)."
IDEMPOTENCY_KEY_MESSAGE = "The Idempotency-Key header must be 8 to 64 letters, digits, '-' or '_'."


def whole(pattern: str) -> str:
    """A pattern the whole string must match. msgspec tests patterns with `re.search`, where `$`
    also matches before a final newline ("8999900001\n" would pass as a mobile number); the
    look-ahead refuses that, and reads the same in the JSON Schema the API publishes."""
    return f"^(?:{pattern})$(?!\n)"


# An Indian mobile: 10 digits, the first 6 to 9 (the numbering plan's mobile series), so
# "0000000000" and landlines are refused.
MOBILE_PATTERN = whole("[6-9][0-9]{9}")
MobileNumber = Annotated[str, msgspec.Meta(pattern=MOBILE_PATTERN, description=MOBILE_MESSAGE)]
OtpCode = Annotated[str, msgspec.Meta(pattern=whole("[0-9]{6}"), description=OTP_MESSAGE)]
# A mobile, or a landline as 10 digits with its STD code (11 when the code keeps its 0); the page
# strips spaces and hyphens before sending.
PhoneNumber = Annotated[str, msgspec.Meta(pattern=whole("0?[1-9][0-9]{9}"), description=PHONE_MESSAGE)]

# Field name (as the browser sends it) -> message shown when that field is missing or invalid.
FIELD_MESSAGES: dict[str, str] = {
    "mobileNumber": MOBILE_MESSAGE,
    "otp": OTP_MESSAGE,
    "email": EMAIL_MESSAGE,
    "name": NAME_MESSAGE,
    "phone": MOBILE_MESSAGE,
    "message": TEXT_MESSAGE,
    # The checkout's (gateway/checkout): nested fields are named by their path.
    "address.mobileNumber": MOBILE_MESSAGE,
    "address.pincode": PINCODE_MESSAGE,
    "quotedTotal": AMOUNT_MESSAGE,
    "quantity": QUANTITY_MESSAGE,
    "idempotency_key": IDEMPOTENCY_KEY_MESSAGE,
    "language": LANGUAGE_MESSAGE,
}

# Where one route's field takes more than FIELD_MESSAGES says: (path, field) -> message.
ROUTE_FIELD_MESSAGES: dict[tuple[str, str], str] = {
    ("/api/site/contact", "phone"): PHONE_MESSAGE,
}


# Whole-string: a key ending in a newline would pass a bare `$`, and then fail as an upstream header.
IDEMPOTENCY_KEY_PATTERN = whole("[A-Za-z0-9_-]{8,64}")
IdempotencyKey = Annotated[str, HeaderParameter(name="Idempotency-Key", pattern=IDEMPOTENCY_KEY_PATTERN)]


def fresh_key() -> str:
    """A key for a caller that sent none, so the upstream call and its retries still carry one."""
    return secrets.token_urlsafe(16)


OptionalIdempotencyKey = Annotated[
    str | None, HeaderParameter(name="Idempotency-Key", required=False, pattern=IDEMPOTENCY_KEY_PATTERN)
]


# Characters no text field takes: C0 and C1 controls (NUL, CR, LF, ...; a multi-line field keeps
# tab, CR and LF) and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
# U+2066-U+2069), which make a printed name or address read other than it is stored.
_BIDI = "\u202a-\u202e\u2066-\u2069"
_SINGLE_LINE_REFUSED = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}]")
_MULTI_LINE_REFUSED = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{_BIDI}]")
TEXT_REFUSED = "{label} cannot contain line breaks, control characters or text-direction marks. Please type it again."

# How a screen names a text field in a message; a field not listed is named by its own words.
FIELD_LABELS: dict[str, str] = {
    "name": "Your name",
    "email": "The email address",
    "message": "The message",
    "address.name": "The name",
    "address.address1": "Address line 1",
    "address.address2": "Address line 2",
    "business.gstin": "The GSTIN",
    "business.legalName": "The legal name",
}


class InvalidText(Exception):
    """A text field holds a refused character; `field` is its path as the browser sends it.

    Raised from a request struct's `__post_init__`: msgspec passes any error other than
    TypeError/ValueError through unchanged, so it reaches `gateway/plumbing/errors.py` with the field."""

    def __init__(self, field: str) -> None:
        label = FIELD_LABELS.get(field) or field.rsplit(".", 1)[-1]
        super().__init__(TEXT_REFUSED.format(label=label))
        self.field = field
        self.message = str(self)


def refused_text_field(value: Any, path: str = "", multi_line: frozenset[str] = frozenset()) -> str | None:
    """The path of the first string field (nested structs and lists included) holding a
    refused character, or None."""
    if isinstance(value, str):
        refused = _MULTI_LINE_REFUSED if path in multi_line else _SINGLE_LINE_REFUSED
        return path if refused.search(value) else None
    if isinstance(value, msgspec.Struct):
        for info in msgspec.structs.fields(value):
            found = refused_text_field(getattr(value, info.name), f"{path}.{info.encode_name}".lstrip("."), multi_line)
            if found:
                return found
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            found = refused_text_field(item, f"{path}.{index}", multi_line)
            if found:
                return found
    return None


class TextChecked(msgspec.Struct):
    """Base of every request body with text in it: each string field, nested ones included, is
    refused with a message naming it when it holds a control or text-direction character.
    `MULTI_LINE` names the fields (by their JSON path) where line breaks are the text's own."""

    MULTI_LINE: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        field = refused_text_field(self, "", self.MULTI_LINE)
        if field is not None:
            raise InvalidText(field)


# msgspec ends its message with where it failed: "Expected `int`, got `str` - at `$.quantity`".
_AT_PATH = re.compile(r" - at `\$\.?([^`]*)`$")


async def strictly(request: Request[Any, Any, Any], type_: type[T]) -> T:
    """The JSON body decoded without coercion. Litestar converts bodies leniently, so `"2"` and
    `"1e2"` would pass as numbers and 2.0 as an integer; where a number must be a JSON number
    (cart quantities), the body is decoded again strictly (Litestar has read and kept it) and a
    mismatch is the usual validation error, worded by `gateway/plumbing/errors.py` for the field."""
    try:
        return msgspec.json.decode(await request.body(), type=type_, strict=True)
    except msgspec.ValidationError as exc:
        found = _AT_PATH.search(str(exc))
        detail = _AT_PATH.sub("", str(exc))
        raise ValidationException(
            detail="Validation failed", extra=[{"key": found.group(1) if found else None, "message": detail}]
        ) from exc
