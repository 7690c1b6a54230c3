"""A borrower logged in at the lending mock directly (its own OTP calls), as the mocks' tests do."""

from __future__ import annotations

from typing import Any


def lender_bearer(mocks: Any, mobile: str) -> dict[str, str]:
    """The Authorization header of `mobile` logged in at the lending mock; `mocks` is an httpx-style
    client whose base URL is the suite's `/_mocks/`."""
    mocks.post("lending/sendOtp", json={"mobileNumber": mobile}).raise_for_status()
    code = mocks.get(f"lending/outbox/{mobile}").json()["otp"]
    login = mocks.post(
        "lending/webRepayment/verifyOtp",
        json={"mobileNumber": mobile, "otp": code, "platform": "WEB", "userType": "USER", "businessType": 1},
    ).json()
    return {"authorization": f"Bearer {login['accessToken']}"}
