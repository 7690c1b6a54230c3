"""What the provider's calls take and answer, in Cashfree's names (the fields the platform reads)."""

from __future__ import annotations

from decimal import Decimal

import msgspec


class CustomerDetails(msgspec.Struct, kw_only=True, omit_defaults=True):
    customer_id: str  # 3 to 50 characters
    customer_phone: str  # 10 digits
    customer_name: str | None = None


class OrderMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    return_url: str | None = None
    notify_url: str | None = None


class ProviderOrder(msgspec.Struct, kw_only=True):
    order_id: str
    order_amount: Decimal
    # ACTIVE, PAID, EXPIRED, TERMINATED or TERMINATION_REQUESTED
    order_status: str
    payment_session_id: str
    order_expiry_time: str | None = None
    cf_order_id: str | None = None


class ProviderPayment(msgspec.Struct, kw_only=True):
    cf_payment_id: str
    order_id: str
    payment_amount: Decimal
    # SUCCESS, NOT_ATTEMPTED, FAILED, USER_DROPPED, VOID, CANCELLED or PENDING
    payment_status: str
    payment_time: str  # when it started
    payment_completion_time: str | None = None  # when it ended
    payment_message: str | None = None
    payment_group: str | None = None
    bank_reference: str | None = None


class ProviderRefund(msgspec.Struct, kw_only=True):
    cf_refund_id: str
    refund_id: str
    order_id: str
    refund_amount: Decimal
    # PENDING, ONHOLD, SUCCESS, CANCELLED; and FAILED, which Cashfree's text names beyond its enum
    refund_status: str
    created_at: str
    cf_payment_id: str | None = None
    refund_note: str | None = None
    processed_at: str | None = None


class ProviderDispute(msgspec.Struct, kw_only=True):
    """A dispute or chargeback on an order's payment (Cashfree's DisputesEntity, what we read)."""

    dispute_id: int
    dispute_type: str  # DISPUTE, CHARGEBACK, RETRIEVAL, PRE_ARBITRATION, ARBITRATION
    dispute_amount: Decimal
    respond_by: str  # the time by which evidence must be submitted to contest it
    dispute_status: str


class ReconRow(msgspec.Struct, kw_only=True):
    """One event of `POST /pg/recon` (Cashfree's ReconEntity data item), the fields we read."""

    event_id: str
    event_type: str  # PAYMENT, REFUND, CHARGEBACK, REFUND_REVERSAL, DISPUTE, OTHER_ADJUSTMENT, ...
    order_id: str
    event_amount: Decimal
    event_time: str
    cf_payment_id: str | None = None
    payment_utr: str | None = None
    payment_amount: Decimal | None = None
    payment_time: str | None = None
    event_status: str | None = None  # SUCCESS, FAILED, PENDING, CANCELLED
    sale_type: str | None = None  # CREDIT (money to us) or DEBIT (money taken back)
    # The provider's fee and the tax on it, and what the event adds to (or takes from) its
    # settlement; the settlement's fields are there once the event is settled.
    payment_service_charge: Decimal | None = None
    payment_service_tax: Decimal | None = None
    event_settlement_amount: Decimal | None = None
    cf_settlement_id: str | None = None
    settlement_date: str | None = None


class ReconPage(msgspec.Struct, kw_only=True):
    data: list[ReconRow] = msgspec.field(default_factory=list)
    cursor: str | None = None


class SettledEvent(msgspec.Struct, kw_only=True):
    """`POST /pg/settlement/recon`'s `event_details`, the fields we read."""

    event_id: str
    event_type: str
    event_amount: Decimal
    event_settlement_amount: Decimal | None = None
    sale_type: str | None = None


class SettledIn(msgspec.Struct, kw_only=True):
    """`settlement_details`: the settlement an event was paid out in."""

    cf_settlement_id: str | None = None
    settlement_date: str | None = None
    utr: str | None = None


class SettlementReconRow(msgspec.Struct, kw_only=True):
    """One event of `POST /pg/settlement/recon` (Cashfree's SettlementReconEntity data item)."""

    event_details: SettledEvent
    settlement_details: SettledIn | None = None


class SettlementReconPage(msgspec.Struct, kw_only=True):
    data: list[SettlementReconRow] = msgspec.field(default_factory=list)
    cursor: str | None = None


class UpiPayload(msgspec.Struct, kw_only=True):
    """Order Pay's `data.payload` for UPI: intent links by app (`default`, `gpay`, `phonepe`,
    `paytm`, ...) for `channel: link`, or `qrcode` (a base64 PNG data URL) for `channel: qrcode`."""

    payload: dict[str, str] = msgspec.field(default_factory=dict)


class UpiSession(msgspec.Struct, kw_only=True):
    """Order Pay's answer (Cashfree's PayOrderEntity) for a UPI payment: PENDING until the payer answers."""

    cf_payment_id: str
    payment_amount: Decimal
    channel: str
    data: UpiPayload


class LinkCustomer(msgspec.Struct, kw_only=True, omit_defaults=True):
    customer_phone: str  # 10 digits
    customer_name: str | None = None
    customer_email: str | None = None


class ProviderLink(msgspec.Struct, kw_only=True):
    """A payment link (Cashfree's LinkEntity), the fields we read."""

    link_id: str
    # ACTIVE, PARTIALLY_PAID, PAID, EXPIRED or CANCELLED
    link_status: str
    link_amount: Decimal
    link_amount_paid: Decimal
    link_url: str
    link_expiry_time: str
    cf_link_id: str | None = None


class ProviderLinkOrder(msgspec.Struct, kw_only=True):
    """An order made on a payment link (Cashfree's PaymentLinkOrderEntity), the fields we read."""

    order_id: str
    link_id: str
    order_amount: Decimal
    order_status: str
