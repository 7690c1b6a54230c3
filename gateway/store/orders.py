"""The desktop order draft of the specification (status '5', last used address, cart lines)."""

from __future__ import annotations

from gateway.store.schemas import CartView, OrderDraftView, PaymentType
from gateway.upstreams.catalogue import Address

DRAFT_STATUS = "5"


def order_draft(user_id: str, cart: CartView, address: Address | None, payment_type: PaymentType) -> OrderDraftView:
    return OrderDraftView(
        user_id=user_id,
        status=DRAFT_STATUS,
        total_order=cart.subtotal,
        address1=address.address1 if address else None,
        address2=address.address2 if address else None,
        pincode=address.pincode if address else None,
        city=address.city if address else None,
        state=address.state if address else None,
        country=address.country if address else None,
        order_data=cart.items,
        payment_type=payment_type,
    )
