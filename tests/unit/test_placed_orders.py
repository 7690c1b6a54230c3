"""What each Idempotency-Key sent and placed, kept in the session store (gateway/checkout/service.py)."""

from __future__ import annotations

from decimal import Decimal

from gateway.checkout.service import PlacedOrders
from gateway.sessions.store import ClaimingMemoryStore
from gateway.upstreams.orders import AddressInput, LineInput, PlaceRequest

REQUEST = PlaceRequest(
    user_id=2001,
    lines=[LineInput(product_id=1, quantity=2)],
    address=AddressInput(name="Ramesh Kumar", mobile_number="9876543210", address1="Plot 44", pincode="122103"),
    payment_method="cod",
    quoted_total=Decimal("1241.29"),
)


async def test_the_request_is_kept_before_it_is_sent_and_the_order_after() -> None:
    placed = PlacedOrders(ClaimingMemoryStore())
    assert await placed.get("2001", "key-0001") is None
    await placed.sending("2001", "key-0001", REQUEST)
    sent = await placed.get("2001", "key-0001")
    assert sent is not None and sent.request == REQUEST and sent.order_number is None
    await placed.remember("2001", "key-0001", REQUEST, "VK10000001")
    done = await placed.get("2001", "key-0001")
    assert done is not None and done.order_number == "VK10000001" and done.request == REQUEST


async def test_a_record_of_an_earlier_release_or_an_unreadable_one_is_no_500() -> None:
    store = ClaimingMemoryStore()
    placed = PlacedOrders(store)
    await store.set("checkout_orders:2001:old-key-01", b"VK10000007")  # the order number alone
    old = await placed.get("2001", "old-key-01")
    assert old is not None and old.order_number == "VK10000007" and old.request is None
    await store.set("checkout_orders:2001:bad-key-01", b'{"request": 1')
    assert await placed.get("2001", "bad-key-01") is None
