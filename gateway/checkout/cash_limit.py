"""Cash on delivery within the law: one buyer's cash orders of one day stay under a limit.

Receiving Rs. 2 lakh or more in cash from one person in one day, in aggregate, is unlawful in
India (Income-tax Act 1961 s.269ST, carried into the Income-tax Act 2025). The limit is a
setting (COD_DAILY_LIMIT, below Rs. 2 lakh; the gateway will not start otherwise) and counts
every cash order the buyer placed that day (India time) that is not cancelled, with the new
one. The check runs inside the shopper's placement claim (gateway/checkout/placing.py), so two
placements at once cannot both pass the count.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

import structlog

from gateway.checkout.schemas import CashOffer
from gateway.plumbing.clock import Clock
from gateway.plumbing.errors import Conflict
from gateway.upstreams.orders import OrdersClient
from india.money import rupees_text
from india.time_zone import IST

log = structlog.get_logger("gateway.checkout.cash")

PAGE_SIZE = 50  # the most the orders service gives a page

OVER_LIMIT = (
    "Cash on delivery is limited to {limit} a day. With your cash orders today ({today}), this order of "
    "{total} would go past it. Please pay online or with {product} Credit."
)


def india_day(moment: datetime) -> date:
    return moment.astimezone(IST).date()


class CashLimit:
    def __init__(self, orders: OrdersClient, limit: Decimal, product_name: str, clock: Clock) -> None:
        self.orders = orders
        self.limit = limit
        self.product_name = product_name
        self.clock = clock  # the day is the mocks' while mocks are in use (gateway/plumbing/clock.py)

    async def today(self, user_id: int, token: str) -> Decimal:
        """The buyer's cash orders placed today (India time) and not cancelled, in rupees."""
        day = await self.clock.today()
        total = Decimal(0)
        page = 1
        while True:  # newest first: stop at the first order of an earlier day
            listed = await self.orders.orders(user_id, token, page, PAGE_SIZE)
            for order in listed.orders:
                placed_on = india_day(order.created_at)
                if placed_on < day:
                    return total
                # A later day's order (QA's clock moved back past it) is not today's cash.
                if placed_on == day and order.payment_method == "cod" and order.status != "cancelled":
                    total += order.total
            if page >= listed.total_pages:
                return total
            page += 1

    def offer(self, today: Decimal, total: Decimal) -> CashOffer:
        if today + total <= self.limit:
            return CashOffer(offered=True, message=None, limit=f"{self.limit:.2f}", used_today=f"{today:.2f}")
        message = OVER_LIMIT.format(
            limit=rupees_text(self.limit),
            today=rupees_text(today),
            total=rupees_text(total),
            product=self.product_name,
        )
        return CashOffer(offered=False, message=message, limit=f"{self.limit:.2f}", used_today=f"{today:.2f}")

    async def check(self, user_id: int, token: str, total: Decimal) -> None:
        """Refuse a cash order that would take the day's cash to the limit or past it."""
        offer = self.offer(await self.today(user_id, token), total)
        if not offer.offered:
            log.info("checkout_cash_limit", user=user_id, used_today=offer.used_today, total=f"{total:.2f}")
            raise Conflict(offer.message or "", code="cod_limit", field="paymentMethod")
