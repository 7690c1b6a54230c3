"""Input types shared by route groups, with the specification's user-facing messages."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar.params import HeaderParameter

MOBILE_MESSAGE = "Please enter a valid 10-digit mobile number."
OTP_MESSAGE = "Please enter a valid 6-digit OTP."
EMAIL_MESSAGE = "Please enter a valid email address."
NAME_MESSAGE = "Please enter your name (up to 100 characters)."
TEXT_MESSAGE = "Please enter a message (up to 5000 characters)."
PHONE_MESSAGE = "Please enter a valid phone number: a 10-digit mobile, or a landline with its STD code."
PINCODE_MESSAGE = "Please enter a valid 6-digit pin code."
AMOUNT_MESSAGE = "Please send the amount in rupees with two decimals, e.g. 1198.99."
IDEMPOTENCY_KEY_MESSAGE = "The Idempotency-Key header must be 8 to 64 letters, digits, '-' or '_'."


def whole(pattern: str) -> str:
    """A pattern the whole string must match. msgspec tests patterns with `re.search`, where `$`
    also matches before a final newline ("8999900001\n" would pass as a mobile number); the
    look-ahead refuses that, and reads the same in the JSON Schema the API publishes."""
    return f"^(?:{pattern})$(?!\n)"


MobileNumber = Annotated[str, msgspec.Meta(pattern=whole("[0-9]{10}"), description=MOBILE_MESSAGE)]
OtpCode = Annotated[str, msgspec.Meta(pattern=whole("[0-9]{6}"), description=OTP_MESSAGE)]
# A mobile, or a landline as 10 digits with its STD code (11 when the code keeps its 0); the page
# strips spaces and hyphens before sending.
PhoneNumber = Annotated[str, msgspec.Meta(pattern=whole("0?[0-9]{10}"), description=PHONE_MESSAGE)]

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
    "idempotency_key": IDEMPOTENCY_KEY_MESSAGE,
}

# Where one route's field takes more than FIELD_MESSAGES says: (path, field) -> message.
ROUTE_FIELD_MESSAGES: dict[tuple[str, str], str] = {
    ("/api/site/contact", "phone"): PHONE_MESSAGE,
}


# Whole-string: a key ending in a newline would pass a bare `$`, and then fail as an upstream header.
IDEMPOTENCY_KEY_PATTERN = whole("[A-Za-z0-9_-]{8,64}")
IdempotencyKey = Annotated[str, HeaderParameter(name="Idempotency-Key", pattern=IDEMPOTENCY_KEY_PATTERN)]
OptionalIdempotencyKey = Annotated[
    str | None, HeaderParameter(name="Idempotency-Key", required=False, pattern=IDEMPOTENCY_KEY_PATTERN)
]
