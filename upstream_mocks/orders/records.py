"""The order record and the orders mock's state (`world.states["orders"]`).

An order keeps everything a later invoice, order list or 'Buy again' needs: lines with HSN
code, GST rate and unit price, the delivery address with its state, the buyer's GSTIN and
legal name, the seller (for CGST+SGST or IGST), payment method and state, status, timestamps.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Literal

import msgspec

from upstream_mocks.orders.pincodes import DeliveryPromise

PaymentMethod = Literal["online", "cod", "credit"]
PaymentState = Literal["pending", "paid", "onDelivery", "onCredit"]
OrderStatus = Literal["placed", "packed", "shipped", "delivered", "cancelled"]

ORDER_PREFIX = "VK"
FIRST_ORDER_SERIAL = 10_000_001


class Line(msgspec.Struct, rename="camel", kw_only=True):
    product_id: int
    product_name: str
    hsn_code: str
    gst_rate: Decimal
    unit_price: Decimal
    quantity: int
    taxable_amount: Decimal
    gst_amount: Decimal
    line_total: Decimal


class Charges(msgspec.Struct, rename="camel", kw_only=True):
    subtotal: Decimal
    convenience_fee: Decimal
    platform_fee: Decimal
    gst_total: Decimal
    total: Decimal


class DeliveryAddress(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    mobile_number: str
    address1: str
    address2: str
    pincode: str
    city: str
    district: str
    state: str
    country: str = "India"


class Business(msgspec.Struct, rename="camel", kw_only=True):
    gstin: str
    legal_name: str


class Seller(msgspec.Struct, rename="camel", kw_only=True):
    name: str
    gstin: str
    state: str


class Payment(msgspec.Struct, rename="camel", kw_only=True):
    method: PaymentMethod
    state: PaymentState
    amount: Decimal
    payment_session_id: str | None = None
    provider_order_id: str | None = None
    paid_at: datetime | None = None
    credit_due_on: date | None = None


class Quote(msgspec.Struct, rename="camel", kw_only=True):
    lines: list[Line]
    charges: Charges
    delivery: DeliveryPromise
    address: DeliveryAddress
    business: Business | None
    payment_method: PaymentMethod


class Order(msgspec.Struct, rename="camel", kw_only=True):
    order_number: str
    user_id: int
    status: OrderStatus
    created_at: datetime
    updated_at: datetime
    lines: list[Line]
    charges: Charges
    delivery: DeliveryPromise
    address: DeliveryAddress
    business: Business | None
    payment: Payment
    seller: Seller


class Placement(msgspec.Struct, kw_only=True):
    """What one Idempotency-Key placed, and the request it placed it for."""

    fingerprint: str
    order_number: str


class OrdersState(msgspec.Struct, kw_only=True):
    orders: dict[str, Order] = msgspec.field(default_factory=dict)  # by order number
    placements: dict[tuple[int, str], Placement] = msgspec.field(default_factory=dict)  # (user, key)
    stock_taken: dict[int, int] = msgspec.field(default_factory=dict)  # product id -> units sold
    next_serial: int = FIRST_ORDER_SERIAL

    def new_order_number(self) -> str:
        number = f"{ORDER_PREFIX}{self.next_serial:08d}"
        self.next_serial += 1
        return number


SELLER = Seller(name="VoltKhata Commerce Pvt. Ltd.", gstin="06AAICV1234F1ZL", state="Haryana")


def seed() -> OrdersState:
    return OrdersState()
