"""What the portal's screens send and receive (camelCase for the browser)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from gateway.sessions.controller import PortalSessionView

PaymentMode = Literal["totalOverdue", "partialPayment"]


class RepaymentView(msgspec.Struct, rename="camel", kw_only=True):
    """The borrower and what they owe now (the 'View Details' popup's figures included)."""

    user_name: str
    mobile_number: str
    remaining_amount: float
    late_fees: float
    pending_amount: float


class VerifyResponse(msgspec.Struct, rename="camel", kw_only=True):
    message: str
    # 'payment': logged in, go to /payment; 'nopayment': nothing is owed, go to /nopayment.
    outcome: Literal["payment", "nopayment"]
    portal: PortalSessionView | None = None


class CreatePaymentRequest(msgspec.Struct, rename="camel", kw_only=True):
    mode: PaymentMode = "totalOverdue"
    # Rupees, for 'partialPayment' only: above 0 and not above what is owed.
    amount: Annotated[float, msgspec.Meta(ge=0, le=100_000_000)] | None = None


class PaymentCreated(msgspec.Struct, rename="camel", kw_only=True):
    order_id: str
    order_amount: float
    payment_session_id: str
    payment_log_id: int


class ConfirmPaymentRequest(msgspec.Struct, rename="camel", kw_only=True):
    payment_log_id: int


class PaymentOutcome(msgspec.Struct, rename="camel", kw_only=True):
    message: str
    status: Literal["completed", "failed"]
