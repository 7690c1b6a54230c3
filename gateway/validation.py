"""Input types shared by route groups, with the specification's user-facing messages."""

from __future__ import annotations

from typing import Annotated

import msgspec

MOBILE_MESSAGE = "Please enter a valid 10-digit mobile number."
OTP_MESSAGE = "Please enter a valid 6-digit OTP."

MobileNumber = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{10}$", description=MOBILE_MESSAGE)]
OtpCode = Annotated[str, msgspec.Meta(pattern=r"^[0-9]{6}$", description=OTP_MESSAGE)]

# Field name (as the browser sends it) -> message shown when that field is invalid.
FIELD_MESSAGES: dict[str, str] = {
    "mobileNumber": MOBILE_MESSAGE,
    "otp": OTP_MESSAGE,
}
